/**
 * The desktop app's bridge, when the preload put one on the page (see
 * redirector/contract/desktop.ts). The browser build has none: its API is this page's origin.
 */
import type { MeDesktopApi } from '../../../redirector/contract/desktop';

declare global {
  interface Window {
    meDesktop?: MeDesktopApi;
  }
}

/** The bridge in the desktop app; undefined in the browser. */
export function desktopBridge(): MeDesktopApi | undefined {
  return window.meDesktop;
}
