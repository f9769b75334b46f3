/**
 * A domain's fallbacks and `.well-known` documents and its orphan visits
 * (docs/api.md#domain-fallbacks-and-well-known-documents, #orphan-visits): the default domain's for
 * the administrator, the user's own custom domain's for a user.
 */
import type {
  DateRange,
  DomainResponse,
  DomainSetResponse,
  DomainSettingsFields,
  OrphanVisitsResponse,
} from '../../../redirector/contract';
import { browserTimeZone } from '../format/dates';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';

export function domainSettingsCalls(http: HttpClient, credential: Credential) {
  return {
    /** The administrator's: the default domain. */
    defaultSettings: (signal?: AbortSignal) =>
      http.request<DomainSettingsFields>('/api/settings', { credential, signal }),
    setDefaultSettings: (settings: Partial<DomainSettingsFields>) =>
      http.request<DomainSettingsFields>('/api/settings', { credential, method: 'PUT', body: settings }),
    /** A user's: their custom domain's, undefined without one. */
    async ownSettings(signal?: AbortSignal) {
      return (await http.request<DomainResponse>('/api/user/domain', { credential, signal })).settings;
    },
    async setOwnSettings(domain: string, settings: Partial<DomainSettingsFields>) {
      const answer = await http.request<DomainSetResponse>('/api/user/domain', {
        credential,
        method: 'POST',
        body: { domain, ...settings },
      });
      return answer.settings;
    },
    /** Without `domain`: the default domain's (administrator). */
    orphans: (domain: string | undefined, range?: DateRange, signal?: AbortSignal) =>
      http.request<OrphanVisitsResponse>('/api/analytics/orphans', {
        credential,
        query: { domain, tz: browserTimeZone(), ...range },
        signal,
      }),
  };
}

export function useDomainSettingsCalls() {
  return useCalls(domainSettingsCalls);
}
