/**
 * Every claim of a custom domain, for the administrator (docs/api.md#custom-domains): list, verify one
 * team's claim by hand (several may claim one domain), remove the domain from every claim.
 */
import type { AdminDomain, AdminDomainResponse, AdminDomainsResponse } from '../../../redirector/contract';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';
import { useCallLoad } from './useLoad';

export function adminDomainCalls(http: HttpClient, credential: Credential) {
  return {
    list: (signal?: AbortSignal) => http.request<AdminDomainsResponse>('/api/domains', { credential, signal }),
    async verify(domain: string, teamId: number): Promise<AdminDomain> {
      const body = { status: 'verified' };
      const query = { domain, team_id: String(teamId) };
      return (await http.request<AdminDomainResponse>('/api/domains', { method: 'PUT', query, body, credential }))
        .domain;
    },
    remove: (domain: string) => http.request<void>('/api/domains', { method: 'DELETE', query: { domain }, credential }),
  };
}

export function useAdminDomainCalls() {
  return useCalls(adminDomainCalls);
}

export function useAdminDomains() {
  return useCallLoad(useAdminDomainCalls(), (calls, signal) => calls.list(signal));
}
