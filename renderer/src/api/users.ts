/** The accounts, for the administrator (docs/api.md#users): a page of them, disable, delete. */
import type { AdminUser, UserListQuery, UsersPage } from '../../../redirector/contract';
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
