/** The signed-in user's own account and sessions (docs/api.md#accounts). */
import type {
  AccountResponse,
  AccountUpdate,
  SessionsEndedResponse,
  SessionsResponse,
} from '../../../redirector/contract';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';
import { useCallLoad } from './useLoad';

export function ownAccountCalls(http: HttpClient, credential: Credential) {
  return {
    get: (signal?: AbortSignal) => http.request<AccountResponse>('/api/account', { credential, signal }),
    update: (body: AccountUpdate) => http.request<AccountResponse>('/api/account', { method: 'PUT', body, credential }),
    /** Deletes the account and everything it owns; the password confirms it (without one: a recent sign-in). */
    remove: (password?: string) =>
      http.request<void>('/api/account', {
        method: 'DELETE',
        body: password === undefined ? {} : { password },
        credential,
      }),
    sessions: (signal?: AbortSignal) => http.request<SessionsResponse>('/api/account/sessions', { credential, signal }),
    /** Ends the session with `id`, or, without one, every session but this one. */
    endSessions: (id?: string) =>
      http.request<SessionsEndedResponse>('/api/account/sessions', {
        method: 'DELETE',
        query: id === undefined ? {} : { id },
        credential,
      }),
  };
}

export function useOwnAccountCalls() {
  return useCalls(ownAccountCalls);
}

export function useSessions() {
  return useCallLoad(useOwnAccountCalls(), (calls, signal) => calls.sessions(signal));
}
