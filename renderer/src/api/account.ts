/**
 * Signing in and out, registering and the service's public settings (docs/api.md#accounts-and-sign-in):
 * the calls made before a session exists, and the logout of whichever session is signed in.
 */

import { useEffect, useState } from 'react';
import type {
  AdminLoginResponse,
  ForgotResponse,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  ServiceConfigResponse,
  SsoSessionResponse,
  SuccessResponse,
} from '../../../redirector/contract';
import { shortLinkBase } from '../format/shortUrl';
import { i18next } from '../i18n';
import type { ApiClient } from '.';
import { useApi } from './ApiProvider';
import { ApiError, type Credential, type HttpClient } from './client';

export type AdminLoginResult = { ok: true; apiKey: string } | { ok: false; error: string; status: number };

export function accountCalls(http: HttpClient) {
  const auth = <T>(action: string, options: { body?: unknown; credential?: Credential } = {}) =>
    http.request<T>('/api/auth', { method: 'POST', query: { action }, ...options });
  return {
    /** GET /api/config (no credentials): PUBLIC_URL and whether registration is open. */
    serviceConfig: (signal?: AbortSignal) => http.request<ServiceConfigResponse>('/api/config', { signal }),
    register: (body: RegisterRequest) => auth<RegisterResponse>('register', { body }),
    login: (body: LoginRequest) => auth<LoginResponse>('login', { body }),
    /** Sets the password through a /reset/<token> link and signs in (docs/api.md#accounts). */
    reset: (token: string, password: string) => auth<LoginResponse>('reset', { body: { token, password } }),
    /** Always the same answer, whether or not the email has an account. */
    forgot: (email: string) => auth<ForgotResponse>('forgot', { body: { email } }),
    /**
     * The administrator's sign-in. Not ok, success not true or a failure → ok false (docs/api.md#pages);
     * the server's session token is the key to keep, falling back to the typed key.
     */
    async adminLogin(key: string): Promise<AdminLoginResult> {
      try {
        const body = await auth<AdminLoginResponse>('admin', { body: { key } });
        if (body?.success !== true) return { ok: false, error: i18next.t('account.admin.invalid'), status: 200 };
        return { ok: true, apiKey: body.apiKey || key };
      } catch (error) {
        if (error instanceof ApiError) return { ok: false, error: error.message, status: error.status };
        return { ok: false, error: i18next.t('account.admin.invalid'), status: 0 };
      }
    },
    /** Single sign-on (docs/api.md#single-sign-on): where the browser goes to sign in at the provider. */
    ssoStartUrl: () => `${http.baseUrl}/api/auth/oidc/start`,
    /** Where the browser goes to sign out at the provider too. */
    ssoLogoutUrl: () => `${http.baseUrl}/api/auth/oidc/logout`,
    /** The hand-off of /login#sso=<code> → the sessions (single use). */
    ssoSession: (code: string) =>
      http.request<SsoSessionResponse>('/api/auth/oidc/session', { method: 'POST', body: { code } }),
    /** Revokes the session the credential is (docs/api.md#accounts-and-sign-in), either kind. */
    logout: (credential: Credential) => auth<SuccessResponse>('logout', { credential }),
  };
}

export function useAccountCalls() {
  return accountCalls(useApi().http);
}

// Per client: the desktop app builds a new one for each server it switches to.
const publicUrls = new WeakMap<ApiClient, Promise<string | null>>();

/**
 * Where short links live: the server's PUBLIC_URL (asked once per API client), and until it
 * answers, or if it can't, the API's own origin.
 */
export function useShortLinkBase(): string {
  const api = useApi();
  const [base, setBase] = useState(() => shortLinkBase(api.http.baseUrl));
  useEffect(() => {
    let live = true;
    let publicUrl = publicUrls.get(api);
    if (!publicUrl) {
      publicUrl = accountCalls(api.http)
        .serviceConfig()
        .then((config) => config.public_url)
        .catch(() => null);
      publicUrls.set(api, publicUrl);
    }
    void publicUrl.then((url) => {
      if (live && url) setBase(url.replace(/\/+$/, ''));
    });
    return () => {
      live = false;
    };
  }, [api]);
  return base;
}
