/**
 * The admin auth state (docs/api.md#pages) over the markers of adminMarkers.ts. While 'Loading...'
 * shows, the markers are read and the key they point to is tried once against the server: a stale or
 * forced marker without a valid key ends on the login page with sessionExpiredMessage().
 * In the desktop app the key is the token main keeps for the active server instead of any marker,
 * and signing out or a refused key clears it there (the Connect screen then says why). The key is
 * handed to the API as the credential of every call below, and a 401 on any of them expires the session.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { CredentialProvider, useApi } from '../api/ApiProvider';
import { type AdminLoginResult, accountCalls } from '../api/account';
import { analyticsCalls } from '../api/analytics';
import { ApiError } from '../api/client';
import {
  type AuthCheck,
  browserMarkerEnv,
  checkMarkers,
  clearMarkers,
  type MarkerEnv,
  sessionExpiredMessage,
  storeLogin,
} from './adminMarkers';
import { sessionEndedMessage, useDesktopSession } from './DesktopSession';

export interface AuthState {
  /** True until the check finishes. */
  loading: boolean;
  isAuthenticated: boolean;
  /** The key sent as X-API-Key (the server's admin session token). */
  apiKey: string | null;
  /** Why the visitor is on the login page (expired session), if there is a reason to say. */
  message: string | null;
}

export interface AuthContextValue extends AuthState {
  env: MarkerEnv;
  login(key: string): Promise<AdminLoginResult>;
  logout(): Promise<void>;
  /** A call answered 401: forget everything and sign in again. */
  expire(message?: string): void;
  /** Re-reads the markers (after the debug panel changed them). */
  recheck(): void;
  clearMessage(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within AuthProvider');
  return value;
}

const SIGNED_OUT: AuthState = { loading: false, isAuthenticated: false, apiKey: null, message: null };

/** Signed in by the desktop app's token when it has one (null: signed out), else by the browser's markers. */
function currentCheck(desktopToken: string | null | undefined, env: MarkerEnv): AuthCheck {
  if (desktopToken === undefined) return checkMarkers(env);
  return desktopToken === null
    ? { status: 'unauthenticated' }
    : { status: 'authenticated', apiKey: desktopToken, source: 'desktop' };
}

/** One small admin call proves the key; only a 401 says it is no longer good (a network failure does not). */
function keyStillValid(http: Parameters<typeof analyticsCalls>[0], apiKey: string): Promise<boolean> {
  return analyticsCalls(http, { apiKey })
    .realtime()
    .then(
      () => true,
      (error: unknown) => !(error instanceof ApiError && error.status === 401),
    );
}

export function AuthProvider({ children, env: givenEnv }: { children: ReactNode; env?: MarkerEnv }) {
  const api = useApi();
  const desktop = useDesktopSession();
  const desktopToken = desktop?.state.token;
  const desktopServer = desktop?.state.activeServer ?? null;
  const signOutDesktop = desktop?.signOut;
  const env = useMemo(() => givenEnv ?? browserMarkerEnv(), [givenEnv]);
  const [state, setState] = useState<AuthState>({ ...SIGNED_OUT, loading: true });
  const [checkRun, setCheckRun] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  // biome-ignore lint/correctness/useExhaustiveDependencies: checkRun asks for a fresh check
  useEffect(() => {
    let cancelled = false;
    const check = currentCheck(desktopToken, env);
    if (check.status === 'unauthenticated') {
      setState({ ...SIGNED_OUT, message: check.message ?? stateRef.current.message });
      return;
    }
    setState((previous) => ({ ...previous, loading: true }));
    // The key is proved before any panel shows.
    keyStillValid(api.http, check.apiKey).then((valid) => {
      if (cancelled) return;
      if (valid) setState({ loading: false, isAuthenticated: true, apiKey: check.apiKey, message: null });
      else if (signOutDesktop) {
        setState(SIGNED_OUT);
        void signOutDesktop(sessionEndedMessage(desktopServer));
      } else {
        clearMarkers(env);
        setState({ ...SIGNED_OUT, message: sessionExpiredMessage() });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [api, env, checkRun, desktopToken]);

  const login = useCallback(
    async (key: string) => {
      const result = await accountCalls(api.http).adminLogin(key);
      if (result.ok) {
        storeLogin(env, result.apiKey);
        setState({ loading: false, isAuthenticated: true, apiKey: result.apiKey, message: null });
      }
      return result;
    },
    [api, env],
  );

  const logout = useCallback(async () => {
    const key = stateRef.current.apiKey;
    if (!signOutDesktop) clearMarkers(env);
    setState(SIGNED_OUT);
    // Revoke the session on the server; the client is signed out either way.
    if (key)
      await accountCalls(api.http)
        .logout({ apiKey: key })
        .catch(() => undefined);
    await signOutDesktop?.();
  }, [api, env, signOutDesktop]);

  const expire = useCallback(
    (message = sessionExpiredMessage()) => {
      if (signOutDesktop) {
        setState(SIGNED_OUT);
        void signOutDesktop(sessionEndedMessage(desktopServer));
        return;
      }
      clearMarkers(env);
      setState({ ...SIGNED_OUT, message });
    },
    [env, signOutDesktop, desktopServer],
  );

  const recheck = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true }));
    setCheckRun((run) => run + 1);
  }, []);
  const clearMessage = useCallback(() => setState((previous) => ({ ...previous, message: null })), []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, env, login, logout, expire, recheck, clearMessage }),
    [state, env, login, logout, expire, recheck, clearMessage],
  );
  const onUnauthorized = useCallback(() => expire(), [expire]);
  return (
    <AuthContext.Provider value={value}>
      {/* Signed out, the key is empty: no screen that calls the API shows then. */}
      <CredentialProvider credential={{ apiKey: state.apiKey ?? '' }} onUnauthorized={onUnauthorized}>
        {children}
      </CredentialProvider>
    </AuthContext.Provider>
  );
}
