/**
 * The app's only IPC: window.meDesktop's get, set and clear. Every argument from the page is
 * checked here, and only the app's own page may call (not a page it was tricked into loading).
 */
import { DESKTOP_CHANNELS, type DesktopChange, type DesktopState } from '../redirector/contract/desktop';
import type { DesktopStateStore } from './desktopState';

/** What Electron passes a handler: the frame that called. */
export interface IpcCall {
  senderFrame: { url: string } | null;
}

/** The part of Electron's ipcMain this module uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcCall, ...args: unknown[]) => unknown): void;
}

export class BridgeInputError extends Error {}

const MAX_TEXT = 4_096;

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_TEXT) {
    throw new BridgeInputError(`${name} must be a non-empty string`);
  }
  return value;
}

/** A value from the page → a DesktopChange, or BridgeInputError. */
export function parseDesktopChange(value: unknown): DesktopChange {
  if (typeof value !== 'object' || value === null) throw new BridgeInputError('Expected a change object');
  const change = value as Record<string, unknown>;
  switch (change.kind) {
    case 'connect':
      return {
        kind: 'connect',
        baseUrl: text(change.baseUrl, 'baseUrl'),
        publicUrl: text(change.publicUrl, 'publicUrl'),
        token: text(change.token, 'token'),
      };
    case 'activate':
    case 'forget':
      return { kind: change.kind, baseUrl: text(change.baseUrl, 'baseUrl') };
    case 'alert':
      if (change.clicksPerMinute !== null && typeof change.clicksPerMinute !== 'number') {
        throw new BridgeInputError('clicksPerMinute must be a number or null');
      }
      return { kind: 'alert', clicksPerMinute: change.clicksPerMinute };
    case 'language':
      // Whether there is a catalogue for it is the state's to say (desktopState.ts).
      return { kind: 'language', language: text(change.language, 'language') };
    default:
      throw new BridgeInputError('Unknown change kind');
  }
}

export function registerDesktopIpc(
  ipcMain: IpcMainLike,
  state: DesktopStateStore,
  isAppPage: (url: string) => boolean,
): void {
  const guarded =
    (handler: (...args: unknown[]) => DesktopState) =>
    (event: IpcCall, ...args: unknown[]): DesktopState => {
      if (!event.senderFrame || !isAppPage(event.senderFrame.url)) throw new BridgeInputError('Not the app page');
      return handler(...args);
    };
  ipcMain.handle(
    DESKTOP_CHANNELS.get,
    guarded(() => state.get()),
  );
  ipcMain.handle(
    DESKTOP_CHANNELS.set,
    guarded((change) => state.apply(parseDesktopChange(change))),
  );
  ipcMain.handle(
    DESKTOP_CHANNELS.clear,
    guarded(() => state.clear()),
  );
}
