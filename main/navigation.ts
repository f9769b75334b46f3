/**
 * Keeps the window on the app: new windows never open inside Electron (web links go to the system
 * browser), and the page can't navigate away from the app's own page. Takes the Electron objects
 * as parameters so it can be exercised without Electron.
 */

/** Schemes handed to the system browser / mail client; anything else (file:, javascript:, custom) is dropped. */
const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export interface NavigationEvent {
  preventDefault(): void;
}

/** The parts of Electron's WebContents this module uses. */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: NavigationEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: NavigationEvent) => void): unknown;
}

/** The part of Electron's shell this module uses. */
export interface ExternalOpener {
  openExternal(url: string): Promise<void>;
}

export function isExternalUrl(url: string): boolean {
  try {
    return EXTERNAL_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * True when `url` is the app itself: the same file (any hash) when the app is loaded from disk,
 * the same origin when it comes from electron-vite's dev server.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  let target: URL;
  let app: URL;
  try {
    target = new URL(url);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname;
  return target.origin === app.origin;
}

export function guardNavigation(contents: GuardedContents, shell: ExternalOpener, appUrl: string): void {
  const openOutside = (url: string) => {
    if (!isExternalUrl(url)) return;
    shell.openExternal(url).catch(() => {
      // No browser or mail client registered: nothing useful to do from here.
    });
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  const stayOnApp = (event: NavigationEvent, url: string) => {
    if (isAppUrl(url, appUrl)) return;
    event.preventDefault();
    openOutside(url);
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-redirect', stayOnApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
