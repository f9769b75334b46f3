/**
 * The main window: secure web preferences and the admin area as the first page. Takes Electron's
 * BrowserWindow class as a parameter so it can be exercised without Electron.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { apiBaseArgument } from '../preload/apiBaseArgument';

/** The route the desktop app opens (the renderer uses a hash router on the desktop). */
export const START_ROUTE = '/admin';

export interface WindowSetup {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Where the admin area's API calls go (settings.apiBaseUrl). */
  apiBaseUrl: string;
}

export function windowOptions(setup: WindowSetup): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    title: 'Me - Admin',
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: setup.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      additionalArguments: [apiBaseArgument(setup.apiBaseUrl)],
    },
  };
}

/** Where the renderer comes from: electron-vite's dev server, or the built index.html. */
export type RendererSource = { devServerUrl: string } | { indexHtml: string };

/** The URL the window shows first; navigation.ts treats it as "the app". */
export function startUrl(source: RendererSource, fileUrl: (file: string) => string): string {
  if ('devServerUrl' in source) return `${source.devServerUrl.replace(/\/+$/, '')}/#${START_ROUTE}`;
  return `${fileUrl(source.indexHtml)}#${START_ROUTE}`;
}

/** The parts of a BrowserWindow this module uses. */
export interface ShowableWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
}

export function createMainWindow<W extends ShowableWindow>(
  BrowserWindowClass: new (options: BrowserWindowConstructorOptions) => W,
  setup: WindowSetup,
): W {
  const window = new BrowserWindowClass(windowOptions(setup));
  // Shown once painted, so the admin never sees an empty white frame.
  window.once('ready-to-show', () => window.show());
  return window;
}
