// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_COOKIE_MAX_AGE,
  adminCookie,
  browserMarkerEnv,
  checkMarkers,
  clearMarkers,
  findApiKey,
  forceMarkers,
  type MarkerEnv,
  sessionExpiredMessage,
  storeLogin,
} from '../../../../renderer/src/session/adminMarkers';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    for (const path of ['/', '/admin']) {
      // biome-ignore lint/suspicious/noDocumentCookie: the test resets the real cookie jar
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
    }
  }
}

/** The real browser env, recording the cookies it writes (happy-dom keeps no max-age to read back). */
function recordingEnv(): { env: MarkerEnv; cookieWrites: string[] } {
  const env = browserMarkerEnv(window, { hashRouter: false });
  const cookieWrites: string[] = [];
  return {
    cookieWrites,
    env: {
      ...env,
      setCookie(name, value, maxAge) {
        cookieWrites.push(`${name}=${value};${maxAge}`);
        env.setCookie(name, value, maxAge);
      },
    },
  };
}

describe('admin auth markers', () => {
  let env: MarkerEnv;
  let cookieWrites: string[];

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    clearCookies();
    history.replaceState(null, '', '/admin');
    delete (window as unknown as { ME_ADMIN_KEY?: string }).ME_ADMIN_KEY;
    ({ env, cookieWrites } = recordingEnv());
  });

  it('is unauthenticated without markers, with no message', () => {
    expect(checkMarkers(env)).toEqual({ status: 'unauthenticated' });
  });

  it('stores every marker on login and then authenticates from them', () => {
    storeLogin(env, 'session-token-1');
    expect(sessionStorage.getItem('auth')).toBe('true');
    expect(sessionStorage.getItem('apiKey')).toBe('session-token-1');
    expect(localStorage.getItem('admin_token')).toBe('authenticated');
    expect(document.cookie).toContain('admin_auth=authenticated');
    expect(document.cookie).toContain('apiKey=session-token-1');
    expect(cookieWrites).toEqual([
      `admin_auth=authenticated;${ADMIN_COOKIE_MAX_AGE}`,
      `apiKey=session-token-1;${ADMIN_COOKIE_MAX_AGE}`,
    ]);
    expect(ADMIN_COOKIE_MAX_AGE).toBe(2592000);
    expect(location.hash).toBe('#authenticated');
    expect(checkMarkers(env)).toEqual({ status: 'authenticated', apiKey: 'session-token-1', source: 'hash' });
  });

  it('reads the markers in the spec order: hash, session flag, local token, cookie', () => {
    storeLogin(env, 'k-1');
    history.replaceState(null, '', '/admin');
    expect(checkMarkers(env)).toMatchObject({ status: 'authenticated', source: 'session' });
    sessionStorage.removeItem('auth');
    expect(checkMarkers(env)).toMatchObject({ status: 'authenticated', source: 'local' });
    // The local token sets the session flag again.
    expect(sessionStorage.getItem('auth')).toBe('true');
    sessionStorage.removeItem('auth');
    localStorage.removeItem('admin_token');
    expect(checkMarkers(env)).toMatchObject({ status: 'authenticated', source: 'cookie' });
    expect(sessionStorage.getItem('auth')).toBe('true');
  });

  it('looks the key up in session storage, local storage, the cookie, then a global value', () => {
    expect(findApiKey(env)).toBeUndefined();
    (window as unknown as { ME_ADMIN_KEY?: string }).ME_ADMIN_KEY = 'from-window';
    expect(findApiKey(env)).toBe('from-window');
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie set by an earlier visit
    document.cookie = 'apiKey=from%20cookie; path=/';
    expect(findApiKey(env)).toBe('from cookie');
    localStorage.setItem('apiKey', 'from-local');
    expect(findApiKey(env)).toBe('from-local');
    sessionStorage.setItem('apiKey', 'from-session');
    expect(findApiKey(env)).toBe('from-session');
  });

  it('treats a forced marker without a key as an expired session and clears it', () => {
    forceMarkers(env);
    expect(sessionStorage.getItem('auth')).toBe('true');
    expect(checkMarkers(env)).toEqual({ status: 'unauthenticated', message: sessionExpiredMessage() });
    expect(sessionStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(document.cookie).not.toContain('admin_auth=authenticated');
    expect(checkMarkers(env)).toEqual({ status: 'unauthenticated' });
  });

  it('clears every marker, the key and the hash on logout', () => {
    storeLogin(env, 'k-2');
    clearMarkers(env);
    expect(sessionStorage.getItem('auth')).toBeNull();
    expect(sessionStorage.getItem('apiKey')).toBeNull();
    expect(localStorage.getItem('apiKey')).toBeNull();
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(document.cookie).not.toContain('admin_auth=');
    expect(document.cookie).not.toContain('apiKey=');
    expect(location.hash).toBe('');
    expect(checkMarkers(env)).toEqual({ status: 'unauthenticated' });
  });

  it('leaves the hash alone where it is the route (desktop)', () => {
    const desktop = browserMarkerEnv(window, { hashRouter: true });
    history.replaceState(null, '', '/#/admin');
    storeLogin(desktop, 'k-3');
    expect(location.hash).toBe('#/admin');
    expect(checkMarkers(desktop)).toEqual({ status: 'authenticated', apiKey: 'k-3', source: 'session' });
    clearMarkers(desktop);
    expect(location.hash).toBe('#/admin');
  });
});

describe('the admin cookie string', () => {
  it('is Strict, under /admin, and lasts the session at most', () => {
    expect(adminCookie('apiKey', 'k 1', 2_592_000, false)).toBe(
      'apiKey=k%201; Max-Age=2592000; Path=/admin; SameSite=Strict',
    );
    expect(adminCookie('admin_auth', 'authenticated', 99_999_999, true)).toBe(
      'admin_auth=authenticated; Max-Age=2592000; Path=/admin; SameSite=Strict; Secure',
    );
    expect(adminCookie('apiKey', 'k', 3600.7, true)).toBe(
      'apiKey=k; Max-Age=3600; Path=/admin; SameSite=Strict; Secure',
    );
  });

  it('erases at once', () => {
    expect(adminCookie('apiKey', '', 0, false)).toBe(
      'apiKey=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/admin; SameSite=Strict',
    );
  });
});
