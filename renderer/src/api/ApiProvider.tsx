/**
 * The one API client of the page, and the credential a session hands it: the administrator's key
 * (sent as X-API-Key) or a user's session token (sent as a bearer), docs/api.md#credentials. Every
 * resource module below takes its calls from here; none knows which session is signed in.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { ApiClient } from '.';
import { ApiError, type Credential, type HttpClient } from './client';

export const ApiContext = createContext<ApiClient | null>(null);

interface SignedIn {
  credential: Credential;
  /** A call answered 401: the credential is no longer good (revoked, expired). */
  onUnauthorized: () => void;
}
export const CredentialContext = createContext<SignedIn | null>(null);

export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** What a session hands the API while it is signed in. */
export function CredentialProvider({ credential, onUnauthorized, children }: SignedIn & { children: ReactNode }) {
  const apiKey = 'apiKey' in credential ? credential.apiKey : undefined;
  const token = 'token' in credential ? credential.token : undefined;
  const team = 'token' in credential ? credential.team : undefined;
  const value = useMemo<SignedIn>(
    () => ({ credential: apiKey !== undefined ? { apiKey } : { token: token ?? '', team }, onUnauthorized }),
    [apiKey, token, team, onUnauthorized],
  );
  return <CredentialContext.Provider value={value}>{children}</CredentialContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used within ApiProvider');
  return api;
}

/** Every call of `calls` with a 401 also heard by `onUnauthorized` (the failure still reaches the caller). */
export function guardUnauthorized<T extends object>(calls: T, onUnauthorized: () => void): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls)) {
    guarded[name] =
      typeof call === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await call(...args);
            } catch (error) {
              if (error instanceof ApiError && error.status === 401) onUnauthorized();
              throw error;
            }
          }
        : call;
  }
  return guarded as T;
}

/**
 * One resource's calls made with the session's credential, the same object while it lasts; a 401
 * ends the session. `make` must be a module-level function (its identity is part of the memo).
 */
export function useCalls<T extends object>(make: (http: HttpClient, credential: Credential) => T): T {
  const api = useApi();
  const signedIn = useContext(CredentialContext);
  if (!signedIn) throw new Error('useCalls must be used within CredentialProvider');
  const { credential, onUnauthorized } = signedIn;
  return useMemo(
    () => guardUnauthorized(make(api.http, credential), onUnauthorized),
    [api, make, credential, onUnauthorized],
  );
}
