/**
 * window.meDesktop, built over one `invoke` (ipcRenderer.invoke in the preload). Kept apart from
 * index.ts so it can be exercised without Electron.
 */
import {
  DESKTOP_CHANNELS,
  type DesktopChange,
  type DesktopState,
  type MeDesktopApi,
} from '../redirector/contract/desktop';

export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/** Electron prefixes errors from main with "Error invoking remote method '<channel>': Error: ". */
const REMOTE_PREFIX = /^Error invoking remote method '[^']*': (?:\w*Error: )?/;

export function createDesktopBridge(invoke: Invoke): MeDesktopApi {
  // Main answers every channel with the new DesktopState (main/ipc.ts).
  const call = async (channel: string, ...args: unknown[]): Promise<DesktopState> => {
    try {
      return (await invoke(channel, ...args)) as DesktopState;
    } catch (error) {
      throw new Error(String((error as Error)?.message ?? error).replace(REMOTE_PREFIX, ''));
    }
  };
  return Object.freeze({
    get: () => call(DESKTOP_CHANNELS.get),
    set: (change: DesktopChange) => call(DESKTOP_CHANNELS.set, change),
    clear: () => call(DESKTOP_CHANNELS.clear),
  });
}
