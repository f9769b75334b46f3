/**
 * The main window: secure web preferences, the remembered size and position, and the first route
 * (the Connect screen until a server is active, then the admin area). Takes Electron's
 * BrowserWindow class as a parameter so it can be exercised without Electron.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { ADMIN_ROUTE, CONNECT_ROUTE } from '../redirector/contract/desktop';
import { MIN_SIZE, type Rectangle } from './windowState';

export interface WindowSetup {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preloadPath: string;
  /** Size and, when it still fits a screen, position (windowState.restoreBounds). */
  bounds: Partial<Rectangle> & { width: number; height: number };
  /** The app icon on Linux and Windows (macOS takes the bundle's). */
  icon?: string;
}

export function windowOptions(setup: WindowSetup): BrowserWindowConstructorOptions {
  return {
    ...setup.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Me - Admin',
    show: false,
    ...(setup.icon === undefined ? {} : { icon: setup.icon }),
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
    },
  };
}

/** Where the renderer comes from: electron-vite's dev server, or the built index.html. */
export type RendererSource = { devServerUrl: string } | { indexHtml: string };

/** The app's page without a route; navigation.ts treats it (with any hash) as "the app". */
export function appPageUrl(source: RendererSource, fileUrl: (file: string) => string): string {
  return 'devServerUrl' in source ? `${source.devServerUrl.replace(/\/+$/, '')}/` : fileUrl(source.indexHtml);
}

/** The app's page on one of its hash routes. */
export function routeUrl(pageUrl: string, route: string): string {
  return `${pageUrl}#${route}`;
}

/** The first route: connect first when no server is active. */
export function startRoute(activeServer: string | null): string {
  return activeServer === null ? CONNECT_ROUTE : ADMIN_ROUTE;
}

/** The parts of a BrowserWindow this module uses. */
export interface ShowableWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  maximize(): void;
  loadURL(url: string): Promise<void>;
}

export function createMainWindow<W extends ShowableWindow>(
  BrowserWindowClass: new (options: BrowserWindowConstructorOptions) => W,
  setup: WindowSetup,
  maximized = false,
): W {
  const window = new BrowserWindowClass(windowOptions(setup));
  if (maximized) window.maximize();
  // Shown once painted, so the admin never sees an empty white frame.
  window.once('ready-to-show', () => window.show());
  return window;
}
