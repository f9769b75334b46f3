/**
 * The desktop app's bridge: what `window.meDesktop` offers the page, the three IPC channels behind
 * it, and the pure rules both the page and the main process apply to a server address. No Node,
 * no DOM: the renderer, the sandboxed preload and the main process all import this file.
 */

/** What the Connect screen shows until the admin types another address. */
export const DEFAULT_SERVER_ADDRESS = 'http://localhost:8080';

/** Hash routes of the desktop app: the Connect screen (first start, "Change server…") and the admin area. */
export const CONNECT_ROUTE = '/connect';
export const ADMIN_ROUTE = '/admin';

/**
 * The only IPC of the app: read, change and clear the stored state. Every data call stays an HTTP
 * call from the page (see docs/api.md#rules-for-every-call).
 */
export const DESKTOP_CHANNELS = Object.freeze({
  get: 'me-desktop:get',
  set: 'me-desktop:set',
  clear: 'me-desktop:clear',
});

/** Where the session token lives: encrypted on disk, or only in memory until the app quits. */
export type TokenStorage = 'encrypted' | 'session-only';

/** A server the app has connected to. */
export interface KnownServer {
  /** Normalised address (normaliseServerAddress): scheme, host, optional port and path, no trailing slash. */
  baseUrl: string;
  /** The server's PUBLIC_URL as GET /api/config answered at the last connect. */
  publicUrl: string;
  /** ISO 8601 UTC time of the last good connect. */
  connectedAt: string;
  /** Whether a session token for it is kept (encrypted, or for this session). */
  signedIn: boolean;
}

/** Everything the page and the tray need, in one answer of `get`. */
export interface DesktopState {
  /** Remembered servers, most recently connected first. */
  servers: KnownServer[];
  /** baseUrl of the active server; null when there is none (show the Connect screen). */
  activeServer: string | null;
  /** The active server's admin session token (send it as X-API-Key); null when signed out. */
  token: string | null;
  /** 'session-only' where Electron's safeStorage cannot encrypt (some Linux desktops): say so in the app. */
  tokenStorage: TokenStorage;
  /** Notify when clicks per minute exceed this; null: no notification. */
  clicksPerMinuteAlert: number | null;
}

/** What `set` changes; each answers the new DesktopState. */
export type DesktopChange =
  /** After a good checkServer: remember the server, make it active, keep its token. */
  | { kind: 'connect'; baseUrl: string; publicUrl: string; token: string }
  /** Make a remembered server active again (its token, if still kept, comes back with it). */
  | { kind: 'activate'; baseUrl: string }
  /** Drop a remembered server and its token. */
  | { kind: 'forget'; baseUrl: string }
  /** The tray's notification threshold (clicks per minute, whole number ≥ 1), or null for none. */
  | { kind: 'alert'; clicksPerMinute: number | null }
  /**
   * The window's language (a catalogue's code, `es`), sent at start and on every switch: main's
   * menus, tray, notifications and About box follow it (docs/api.md#languages).
   */
  | { kind: 'language'; language: string };

/** window.meDesktop, as the preload exposes it. */
export interface MeDesktopApi {
  get(): Promise<DesktopState>;
  set(change: DesktopChange): Promise<DesktopState>;
  /** Signs out of the active server: its token is erased and no server is active. */
  clear(): Promise<DesktopState>;
}

/** The largest notification threshold the app accepts (a busy service, not a typo of a bigger number). */
export const MAX_ALERT_THRESHOLD = 1_000_000;

/** Why an address is refused: none typed (or not an address), another scheme, or extra parts. */
export type AddressProblem = 'missing' | 'scheme' | 'extras';

export type AddressCheck = { ok: true; baseUrl: string } | { ok: false; problem: AddressProblem; message: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The admin's typed address → its normalised form. Without a scheme, a host on this computer gets
 * http:// (how `npm start` serves) and any other host https:// (never plain http by surprise).
 */
export function normaliseServerAddress(input: unknown): AddressCheck {
  const invalid = {
    ok: false as const,
    problem: 'missing' as const,
    message: 'Enter the server address, like https://me.example.com',
  };
  if (typeof input !== 'string' || input.trim() === '') return invalid;
  const typed = input.trim();
  let url: URL;
  try {
    url = new URL(SCHEME.test(typed) ? typed : `http://${typed}`);
    if (!SCHEME.test(typed) && !isOnThisComputer(url.href)) url = new URL(`https://${typed}`);
  } catch {
    return invalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: 'scheme', message: 'The server address must start with http:// or https://' };
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return {
      ok: false,
      problem: 'extras',
      message: 'The server address must not carry a user name, password, query or fragment',
    };
  }
  return { ok: true, baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** True for loopback hosts: localhost (and *.localhost), 127.0.0.0/8, ::1. */
export function isOnThisComputer(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The warning the Connect screen shows for a plain http:// address that leaves this computer. */
export function plainHttpWarning(baseUrl: string): string | undefined {
  if (!baseUrl.toLowerCase().startsWith('http://') || isOnThisComputer(baseUrl)) return undefined;
  return (
    'This address uses plain http:// to another computer: the admin key and every answer travel ' +
    'unencrypted. Use https:// unless this is a network you trust.'
  );
}

/** A threshold typed in the app → a whole number of clicks per minute, or null to turn the alert off. */
export function parseAlertThreshold(input: unknown): number | null | undefined {
  if (input === null || input === '') return null;
  const value = typeof input === 'string' ? Number(input.trim()) : input;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_ALERT_THRESHOLD) {
    return undefined;
  }
  return value;
}

/** Why a connect attempt failed. */
export type ConnectProblem =
  | 'invalid-address'
  | 'unreachable'
  | 'not-me-server'
  | 'unhealthy'
  | 'wrong-key'
  | 'too-many-attempts';

export type ConnectResult =
  | { ok: true; baseUrl: string; publicUrl: string; token: string }
  /** `detail`: what the server or the network said, when it said something (a UI in another language shows it as is). */
  | { ok: false; problem: ConnectProblem; message: string; detail?: string };

/** The Connect screen's messages, one per problem; `detail` is what the server or the network said. */
export const CONNECT_MESSAGES: Readonly<Record<ConnectProblem, (baseUrl: string, detail?: string) => string>> =
  /* @__PURE__ */ Object.freeze({
    'invalid-address': (_baseUrl: string, detail?: string) =>
      detail ?? 'Enter the server address, like https://me.example.com',
    unreachable: (baseUrl: string) =>
      `Cannot reach ${baseUrl}. Check the address, that the server is running, and your network.`,
    'not-me-server': (baseUrl: string) =>
      `${baseUrl} answers, but it is not a Me server (no /healthz or /api/config). Check the address and its path.`,
    unhealthy: (baseUrl: string, detail?: string) =>
      `${baseUrl} is a Me server, but it is not healthy right now${detail ? ` (${detail})` : ''}. Try again shortly.`,
    'wrong-key': () => 'Wrong admin key. It is ADMIN_KEY, or the key the server printed and saved on its first start.',
    'too-many-attempts': (_baseUrl: string, detail?: string) =>
      detail ?? 'Too many failed sign-in attempts from this computer. Try again later.',
  });
