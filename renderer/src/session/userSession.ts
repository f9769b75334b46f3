/**
 * The signed-in user's session in localStorage under `userSession` ({token, user}, docs/api.md#pages).
 * A value that is missing, unparseable or without a token counts as no session.
 */
import { useCallback, useState } from 'react';
import type { User } from '../../../redirector/contract';

export const SESSION_KEY = 'userSession';

export interface UserSession {
  token: string;
  user: User;
  /** Signed in through single sign-on: signing out goes to the provider too (docs/api.md#single-sign-on). */
  sso?: boolean;
}

function isSession(value: unknown): value is UserSession {
  if (typeof value !== 'object' || value === null) return false;
  const { token, user } = value as { token?: unknown; user?: unknown };
  return (
    typeof token === 'string' &&
    token !== '' &&
    typeof user === 'object' &&
    user !== null &&
    typeof (user as { name?: unknown }).name === 'string'
  );
}

export function readSession(storage: Storage = localStorage): UserSession | null {
  try {
    const raw = storage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeSession(session: UserSession, storage: Storage = localStorage): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearSession(storage: Storage = localStorage): void {
  try {
    storage.removeItem(SESSION_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** The stored session, read once on mount, with setters that keep storage and state in step. */
export function useSession() {
  const [session, setSessionState] = useState<UserSession | null>(() => readSession());
  const save = useCallback((next: UserSession) => {
    writeSession(next);
    setSessionState(next);
  }, []);
  const clear = useCallback(() => {
    clearSession();
    setSessionState(null);
  }, []);
  /** Keeps the stored user in step after a change (e.g. the custom domain). */
  const updateUser = useCallback((patch: Partial<User>) => {
    setSessionState((current) => {
      if (!current) return current;
      const next = { ...current, user: { ...current.user, ...patch } };
      writeSession(next);
      return next;
    });
  }, []);
  return { session, save, clear, updateUser };
}
