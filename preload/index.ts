/**
 * The sandboxed preload: exposes a frozen, read-only `window.meDesktop` to the renderer, and
 * nothing else (no ipcRenderer, no Node). Built as CommonJS because sandboxed preloads cannot
 * load ES modules.
 */
import { contextBridge } from 'electron';
import { readApiBaseUrl } from './apiBaseArgument';

/** What the renderer sees as window.meDesktop (renderer/src/apiBase.ts declares the same shape). */
export interface MeDesktopApi {
  /** Origin of the redirector the admin area talks to, e.g. "http://localhost:8080". */
  readonly apiBaseUrl: string;
}

const api: MeDesktopApi = Object.freeze({ apiBaseUrl: readApiBaseUrl(process.argv) });
contextBridge.exposeInMainWorld('meDesktop', api);
