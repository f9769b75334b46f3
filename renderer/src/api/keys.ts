/**
 * API keys (docs/api.md#api-keys), for either side: a user's session token or the administrator's
 * key or session. Keys themselves cannot call these (the server answers 403).
 */
import type { ApiKeysResponse, CreateApiKeyResponse, SuccessResponse } from '../../../redirector/contract';
import type { KeyScope } from '../../../redirector/contract/teams';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';

export function keyCalls(http: HttpClient, credential: Credential) {
  return {
    async list(signal?: AbortSignal) {
      return (await http.request<ApiKeysResponse>('/api/keys', { credential, signal })).keys;
    },
    /** A key of the chosen team with its scope (docs/api.md#api-keys-of-a-team); the server's default without one. */
    /** `domains`: the only host names the key may put links on (docs/api.md#api-keys-of-a-team); left out: all. */
    create: (name: string, scope?: KeyScope, domains?: string[]) =>
      http.request<CreateApiKeyResponse>('/api/keys', {
        credential,
        method: 'POST',
        body: { name, ...(scope ? { scope } : {}), ...(domains ? { domains } : {}) },
      }),
    remove: (id: number) => http.request<SuccessResponse>('/api/keys', { credential, method: 'DELETE', query: { id } }),
  };
}

export type KeyCalls = ReturnType<typeof keyCalls>;

export function useKeyCalls(): KeyCalls {
  return useCalls(keyCalls);
}
