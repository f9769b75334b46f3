/** A user's custom domain (docs/api.md#domain, #custom-domains): read it, set it, verify it, remove it. */
import {
  type DomainResponse,
  type DomainSetResponse,
  type DomainVerification,
  defaultDomainOf,
  type SuccessResponse,
} from '../../../redirector/contract';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';
import { useLoad } from './useLoad';

export function domainCalls(http: HttpClient, credential: Credential) {
  const path = '/api/user/domain';
  return {
    get: (signal?: AbortSignal) => http.request<DomainResponse>(path, { credential, signal }),
    set: (domain: string) => http.request<DomainSetResponse>(path, { method: 'POST', credential, body: { domain } }),
    /** Looks the TXT record up now (docs/api.md#verification). */
    verify: () => http.request<DomainSetResponse>(`${path}/verify`, { method: 'POST', credential }),
    remove: () => http.request<SuccessResponse>(path, { method: 'DELETE', credential }),
  };
}

export interface DomainInfo {
  customDomain: string | null;
  /** The service's host name, the CNAME target. */
  defaultDomain: string;
  publicUrl: string;
  /** The custom domain's state; null without one (or before the domain call answers). */
  verification: DomainVerification | null;
  /** The host names links may go on for this member (`allowed_domains`); null: all, as before the call answers. */
  allowedDomains?: readonly string[] | null;
}

/** The custom domain links may be put on: the user's domain once verified, else none. */
export function verifiedDomainOf(domain: Pick<DomainInfo, 'customDomain' | 'verification'>): string | null {
  return domain.customDomain !== null && domain.verification?.status === 'verified' ? domain.customDomain : null;
}

/**
 * The domains the team's links may go on, which an API key may be held to: the default domain
 * (PUBLIC_URL's host name, as the server compares it), then the verified custom domain; a name
 * without a dot (`localhost`) is left out, as `domains` takes none (docs/api.md#teams-in-the-ui).
 */
export function teamDomainsOf(domain: Pick<DomainInfo, 'customDomain' | 'verification' | 'publicUrl'>): string[] {
  const hosts = [defaultDomainOf(domain.publicUrl), verifiedDomainOf(domain)];
  return [...new Set(hosts)].filter((host): host is string => host?.includes('.') === true);
}

/**
 * The domain, starting from what the session and this page know, with its set, verify and remove;
 * `onChange` hears every stored change (the session keeps the user's domain too).
 */
export function useDomain(initial: DomainInfo, onChange: (customDomain: string | null) => void) {
  const calls = useCalls(domainCalls);
  const loaded = useLoad(
    async (signal): Promise<DomainInfo> => {
      try {
        const answer = await calls.get(signal);
        return {
          customDomain: answer.domain,
          defaultDomain: answer.default_domain || initial.defaultDomain,
          publicUrl: answer.public_url || initial.publicUrl,
          verification: answer.verification ?? null,
          allowedDomains: answer.allowed_domains ?? null,
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
  const stored = (customDomain: string | null, verification: DomainVerification | null) => {
    loaded.setData({ ...domain, customDomain, verification });
    if (customDomain !== domain.customDomain) onChange(customDomain);
  };
  /** Resolves with the domain as stored. */
  const save = async (value: string) => {
    const saved = await calls.set(value);
    stored(saved.domain, saved.verification);
    return saved.domain;
  };
  const verify = async () => {
    const checked = await calls.verify();
    stored(checked.domain, checked.verification);
    return checked.verification;
  };
  const remove = async () => {
    await calls.remove();
    stored(null, null);
  };
  return { ...domain, verifiedDomain: verifiedDomainOf(domain), save, verify, remove };
}
