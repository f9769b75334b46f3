/** Shared stats pages of a link (docs/api.md#shared-stats): make, list and revoke, for either side. */
import type { LinkShareResponse, LinkSharesResponse } from '../../../redirector/contract';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';

export interface NewShare {
  password?: string;
  /** ISO 8601 with its zone. */
  expires_at?: string;
}

export function linkShareCalls(http: HttpClient, credential: Credential) {
  const path = '/api/links/share';
  return {
    async list(linkId: number, signal?: AbortSignal) {
      return (await http.request<LinkSharesResponse>(path, { credential, query: { id: linkId }, signal })).shares;
    },
    async create(linkId: number, share: NewShare) {
      return (
        await http.request<LinkShareResponse>(path, { credential, method: 'POST', query: { id: linkId }, body: share })
      ).share;
    },
    revoke: (linkId: number, shareId: number) =>
      http.request<void>(path, { credential, method: 'DELETE', query: { id: linkId, share: shareId } }),
  };
}

export type LinkShareCalls = ReturnType<typeof linkShareCalls>;

export function useLinkShareCalls(): LinkShareCalls {
  return useCalls(linkShareCalls);
}
