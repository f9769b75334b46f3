/**
 * The sandboxed preload: exposes a frozen `window.meDesktop` (see redirector/contract/desktop.ts),
 * whose only IPC is get, set and clear of the stored state, and nothing else (no ipcRenderer, no
 * Node). Built as CommonJS because sandboxed preloads cannot load ES modules.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createDesktopBridge } from './bridge';

contextBridge.exposeInMainWorld(
  'meDesktop',
  createDesktopBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);
