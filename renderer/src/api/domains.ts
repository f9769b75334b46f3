/** A user's custom domain (docs/api.md#domain): read it, set it, remove it. */
import type { DomainResponse, DomainSetResponse, SuccessResponse } from '../../../redirector/contract';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';
import { useLoad } from './useLoad';

export function domainCalls(http: HttpClient, credential: Credential) {
  return {
    get: (signal?: AbortSignal) => http.request<DomainResponse>('/api/user/domain', { credential, signal }),
    async set(domain: string): Promise<string> {
      const path = '/api/user/domain';
      return (await http.request<DomainSetResponse>(path, { method: 'POST', credential, body: { domain } })).domain;
    },
    remove: () => http.request<SuccessResponse>('/api/user/domain', { method: 'DELETE', credential }),
  };
}

export interface DomainInfo {
  customDomain: string | null;
  /** The service's host name, the CNAME target. */
  defaultDomain: string;
  publicUrl: string;
}

/**
 * The domain, starting from what the session and this page know, with its set and remove;
 * `onChange` hears every stored change (the session keeps the user's domain too).
 */
export function useDomain(initial: DomainInfo, onChange: (customDomain: string | null) => void) {
  const calls = useCalls(domainCalls);
  const loaded = useLoad(
    async (signal) => {
      try {
        const answer = await calls.get(signal);
        return {
          customDomain: answer.domain,
          defaultDomain: answer.default_domain || initial.defaultDomain,
          publicUrl: answer.public_url || initial.publicUrl,
        };
      } catch (caught) {
        // The spec logs a failed domain fetch and shows nothing.
        if (!signal.aborted) console.error('Failed to fetch domain', caught);
        throw caught;
      }
    },
    [calls],
  );
  const domain = loaded.data ?? initial;
  const stored = (customDomain: string | null) => {
    loaded.setData({ ...domain, customDomain });
    onChange(customDomain);
  };
  /** Resolves with the domain as stored. */
  const save = async (value: string) => {
    const saved = await calls.set(value);
    stored(saved);
    return saved;
  };
  const remove = async () => {
    await calls.remove();
    stored(null);
  };
  return { ...domain, save, remove };
}
