/**
 * The admin auth markers of docs/api.md#pages (URL hash, session flag 'auth', local-storage
 * admin_token, cookies admin_auth and apiKey) and the key lookup of docs/api.md#pages.
 * docs/api.md#accounts-and-sign-in: the markers only choose which screen shows; the server checks the key alone. So a marker without a key counts as a
 * stale session: the markers are cleared and the visitor signs in again.
 */
import { i18next } from '../i18n';

export const AUTH_HASH = 'authenticated';
export const SESSION_FLAG = 'auth';
export const ADMIN_TOKEN_KEY = 'admin_token';
export const ADMIN_TOKEN_VALUE = 'authenticated';
export const AUTH_COOKIE = 'admin_auth';
export const API_KEY_COOKIE = 'apiKey';
/** Where the key itself is kept in session and local storage. */
export const API_KEY_STORAGE = 'apiKey';
/** 30 days (docs/api.md#pages): the admin session's life from login, so the cookies never outlive it. */
export const ADMIN_COOKIE_MAX_AGE = 2_592_000;
/** Only the admin area's pages see the cookies: no short-link request carries them (docs/api.md#pages). */
export const ADMIN_COOKIE_PATH = '/admin';

/**
 * One admin marker cookie as document.cookie takes it: SameSite=Strict, Path=/admin, Secure when
 * the page came over HTTPS, and Max-Age at most the session's life (0 or less: erased now).
 * Scripts set and read these markers (they only choose the screen), so HttpOnly cannot apply.
 */
export function adminCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  const life = Math.min(Math.floor(maxAgeSeconds), ADMIN_COOKIE_MAX_AGE);
  const expiry = life > 0 ? `Max-Age=${life}` : 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  const attributes = [expiry, `Path=${ADMIN_COOKIE_PATH}`, 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return `${name}=${encodeURIComponent(value)}; ${attributes.join('; ')}`;
}

/** Why the login page shows after a stale or refused session, in the UI's language. */
export function sessionExpiredMessage(): string {
  return i18next.t('session.expired');
}

/** What the markers are read from and written to: the browser's, or a test double built on them. */
export interface MarkerEnv {
  /** location.hash without '#'; undefined where the hash is the route (desktop hash router). */
  getHash(): string | undefined;
  setHash(value: string): void;
  session: Storage;
  local: Storage;
  getCookie(name: string): string | undefined;
  setCookie(name: string, value: string, maxAgeSeconds: number): void;
  /** The spec's last resort for the key: a value a host page put on window. */
  globalKey(): string | undefined;
}

/** 'desktop': no marker, the token the desktop app's main process keeps for the active server. */
export type MarkerSource = 'hash' | 'session' | 'local' | 'cookie' | 'desktop';

export type AuthCheck =
  | { status: 'authenticated'; apiKey: string; source: MarkerSource }
  | { status: 'unauthenticated'; message?: string };

function safeGet(storage: Storage, name: string): string | null {
  try {
    return storage.getItem(name);
  } catch {
    return null;
  }
}

function safeSet(storage: Storage, name: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(name);
    else storage.setItem(name, value);
  } catch {
    // storage disabled: the other markers still work
  }
}

/** Which marker says "authenticated", in the spec's order; the local and cookie ones set the flag. */
export function findMarker(env: MarkerEnv): MarkerSource | undefined {
  if (env.getHash() === AUTH_HASH) return 'hash';
  if (safeGet(env.session, SESSION_FLAG) === 'true') return 'session';
  if (safeGet(env.local, ADMIN_TOKEN_KEY) === ADMIN_TOKEN_VALUE) {
    safeSet(env.session, SESSION_FLAG, 'true');
    return 'local';
  }
  if (env.getCookie(AUTH_COOKIE) === ADMIN_TOKEN_VALUE) {
    safeSet(env.session, SESSION_FLAG, 'true');
    return 'cookie';
  }
  return undefined;
}

/** The key in the spec's order: session storage, local storage, the apiKey cookie, a global value. */
export function findApiKey(env: MarkerEnv): string | undefined {
  const candidates = [
    safeGet(env.session, API_KEY_STORAGE),
    safeGet(env.local, API_KEY_STORAGE),
    env.getCookie(API_KEY_COOKIE),
    env.globalKey(),
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** The check that runs while 'Loading...' shows. */
export function checkMarkers(env: MarkerEnv): AuthCheck {
  const source = findMarker(env);
  if (!source) return { status: 'unauthenticated' };
  const apiKey = findApiKey(env);
  if (!apiKey) {
    clearMarkers(env);
    return { status: 'unauthenticated', message: sessionExpiredMessage() };
  }
  return { status: 'authenticated', apiKey, source };
}

/** After a successful login: the flag, the key, the local token, both cookies and the hash. */
export function storeLogin(env: MarkerEnv, apiKey: string): void {
  safeSet(env.session, SESSION_FLAG, 'true');
  safeSet(env.session, API_KEY_STORAGE, apiKey);
  safeSet(env.local, API_KEY_STORAGE, apiKey);
  safeSet(env.local, ADMIN_TOKEN_KEY, ADMIN_TOKEN_VALUE);
  env.setCookie(AUTH_COOKIE, ADMIN_TOKEN_VALUE, ADMIN_COOKIE_MAX_AGE);
  env.setCookie(API_KEY_COOKIE, apiKey, ADMIN_COOKIE_MAX_AGE);
  env.setHash(AUTH_HASH);
}

/** The debug panel's Force Auth: the markers without a key (the key, if any, is left alone). */
export function forceMarkers(env: MarkerEnv): void {
  safeSet(env.session, SESSION_FLAG, 'true');
  safeSet(env.local, ADMIN_TOKEN_KEY, ADMIN_TOKEN_VALUE);
  env.setCookie(AUTH_COOKIE, ADMIN_TOKEN_VALUE, ADMIN_COOKIE_MAX_AGE);
}

/** Logout and expiry: every marker and the key, and the hash emptied. */
export function clearMarkers(env: MarkerEnv): void {
  safeSet(env.session, SESSION_FLAG, null);
  safeSet(env.session, API_KEY_STORAGE, null);
  safeSet(env.local, API_KEY_STORAGE, null);
  safeSet(env.local, ADMIN_TOKEN_KEY, null);
  env.setCookie(AUTH_COOKIE, '', 0);
  env.setCookie(API_KEY_COOKIE, '', 0);
  if (env.getHash() === AUTH_HASH) env.setHash('');
}

/** A snapshot for the auth-debug panel. */
export function describeMarkers(env: MarkerEnv): { label: string; value: string }[] {
  const key = findApiKey(env);
  const t = i18next.t;
  return [
    {
      label: t('session.markers.hash'),
      value: env.getHash() === undefined ? t('session.markers.router') : `#${env.getHash() ?? ''}`,
    },
    { label: t('session.markers.sessionFlag'), value: safeGet(env.session, SESSION_FLAG) ?? '—' },
    { label: 'admin_token', value: safeGet(env.local, ADMIN_TOKEN_KEY) ?? '—' },
    { label: t('session.markers.authCookie'), value: env.getCookie(AUTH_COOKIE) ?? '—' },
    { label: t('session.markers.keyCookie'), value: env.getCookie(API_KEY_COOKIE) ? t('session.markers.set') : '—' },
    { label: t('session.markers.apiKey'), value: key ? maskKey(key) : '—' },
  ];
}

export function maskKey(key: string): string {
  return key.length <= 8 ? '•'.repeat(key.length) : `${key.slice(0, 4)}…${key.slice(-4)}`;
}

function readCookie(doc: Document, name: string): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The real browser: window.location, sessionStorage, localStorage and document.cookie. */
export function browserMarkerEnv(win: Window = window, options: { hashRouter?: boolean } = {}): MarkerEnv {
  const hashRouter = options.hashRouter ?? Boolean(win.meDesktop);
  return {
    getHash: () => (hashRouter ? undefined : win.location.hash.replace(/^#/, '')),
    setHash: (value) => {
      if (hashRouter) return;
      const url = new URL(win.location.href);
      url.hash = value;
      win.history.replaceState(win.history.state, '', url.toString());
    },
    session: win.sessionStorage,
    local: win.localStorage,
    getCookie: (name) => readCookie(win.document, name),
    setCookie: (name, value, maxAge) => {
      const secure = win.location.protocol === 'https:';
      win.document.cookie = adminCookie(name, value, maxAge, secure);
      // Erasing also erases what earlier versions set site-wide (Path=/).
      if (maxAge <= 0) win.document.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
    },
    globalKey: () => {
      const value = (win as unknown as { ME_ADMIN_KEY?: unknown }).ME_ADMIN_KEY;
      return typeof value === 'string' ? value : undefined;
    },
  };
}
