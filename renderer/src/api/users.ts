/**
 * The accounts, for the administrator (docs/api.md#users): a page of them, add, disable, delete,
 * and one-time invitation and reset links (docs/api.md#accounts).
 */
import type {
  AccountLinkResponse,
  AdminUser,
  NewUserRequest,
  NewUserResponse,
  UserListQuery,
  UsersPage,
} from '../../../redirector/contract';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';
import { useLoad } from './useLoad';

export function userCalls(http: HttpClient, credential: Credential) {
  return {
    page: (query: UserListQuery, signal?: AbortSignal) =>
      http.request<UsersPage>('/api/users', { credential, query: { ...query }, signal }),
    setDisabled: (id: number, disabled: boolean) =>
      http.request<AdminUser>('/api/users', { method: 'PUT', query: { id }, body: { disabled }, credential }),
    remove: (id: number) => http.request<void>('/api/users', { method: 'DELETE', query: { id }, credential }),
    create: (body: NewUserRequest) => http.request<NewUserResponse>('/api/users', { method: 'POST', body, credential }),
    /** A one-time link to /reset/<token>: 'invite' lasts 72 hours, 'reset' 1 hour. */
    accountLink: (id: number, kind: 'invite' | 'reset') =>
      http.request<AccountLinkResponse>(`/api/users/${kind}`, { method: 'POST', query: { id }, credential }),
  };
}

export function useUserCalls() {
  return useCalls(userCalls);
}

/** One page of accounts with their links and clicks; `query` by value. */
export function useUsers(query: UserListQuery) {
  const calls = useUserCalls();
  return useLoad((signal) => calls.page(query, signal), [calls, JSON.stringify(query)]);
}
