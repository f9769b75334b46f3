/** Where the API lives: the desktop app's preload says so; in the browser it is this origin. */
declare global {
  interface Window {
    meDesktop?: { apiBaseUrl: string };
  }
}

export function apiBaseUrl(): string {
  return window.meDesktop?.apiBaseUrl ?? '';
}
