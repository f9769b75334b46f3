/**
 * Each domain's fallbacks and `.well-known` documents (docs/api.md#domain-fallbacks-and-well-known-documents),
 * kept in memory for the short-link edge, which answers from them without waiting: read on start,
 * after each change made here, and whenever the store says another instance or process changed a
 * domain (PostgreSQL's `domain_changes`, which migration 36's triggers also fire on a setting).
 */
import { recordAudit } from '../audit/auditLog';
import type { Scope } from '../auth/scope';
import { createSelfLinkChecks } from '../links/linkDestinations';
import { notFoundRule } from '../ruleError';
import type { Executor } from '../storage/executor';
import type { DomainSettings } from '../storage/repositories/domainSettingsRepository';
import type { Store } from '../storage/store';
import { settingsAfter, settingsEntry } from './domainAudit';
import { parseDomainSettings } from './domainSettingsInput';
import { type DomainsKept, keepDomains } from './domainsKept';

/** The key of the default domain's settings. */
export const DEFAULT_DOMAIN_KEY = '';
export const NO_CLAIM = 'You have no custom domain: set one first';

export interface DomainSettingsService extends DomainsKept {
  /** In memory: the settings of a verified custom domain, or of the default domain (DEFAULT_DOMAIN_KEY). */
  of(domain: string): DomainSettings | undefined;
  ofDefault(): Promise<DomainSettings>;
  /** The administrator's changes to the default domain's settings (audited when any changes). */
  setDefault(scope: Scope, body: Record<string, unknown>): Promise<DomainSettings>;
  ofClaim(scope: Scope): Promise<DomainSettings | undefined>;
  /** RuleError 400 when `body` names a bad setting; changes nothing. */
  check(body: Record<string, unknown>): Promise<void>;
  /** The changes `body` names, on the scope's claim of `domain` (audited when any changes); RuleError 400/404. */
  setClaim(scope: Scope, domain: string, body: Record<string, unknown>): Promise<DomainSettings>;
}

export function createDomainSettingsService(store: Store, ownHost: string, clock: () => number): DomainSettingsService {
  let settings = new Map<string, DomainSettings>();
  const selfLinks = createSelfLinkChecks(ownHost, store.users);

  async function refresh(): Promise<void> {
    const [own, verified] = await Promise.all([store.domainSettings.ofDefault(), store.domainSettings.verified()]);
    const next = new Map<string, DomainSettings>([[DEFAULT_DOMAIN_KEY, own]]);
    for (const { domain, ...fields } of verified) next.set(domain, fields);
    settings = next;
  }
  return {
    ...keepDomains(store, 'the domain settings', refresh),
    of: (domain) => settings.get(domain),
    ofDefault: () => store.domainSettings.ofDefault(),
    async setDefault(scope, body) {
      const changes = await parseDomainSettings(body, selfLinks);
      const before = await store.domainSettings.ofDefault();
      // The default domain is the one PUBLIC_URL names; a call that changes nothing writes no entry.
      const entry = settingsEntry(scope, ownHost, before, settingsAfter(before, changes));
      const audit = entry && ((tx: Executor) => recordAudit(tx, scope, entry, clock()));
      await store.domainSettings.setDefault(changes, audit);
      await refresh();
      return store.domainSettings.ofDefault();
    },
    ofClaim: (scope) => store.domainSettings.ofClaim(scope),
    async check(body) {
      await parseDomainSettings(body, selfLinks);
    },
    async setClaim(scope, domain, body) {
      const changes = await parseDomainSettings(body, selfLinks);
      const before = await store.domainSettings.ofClaim(scope);
      // A call that changes nothing writes no entry (docs/api.md#audit-log).
      const entry = before && settingsEntry(scope, domain, before, settingsAfter(before, changes));
      const audit = entry && ((tx: Executor) => recordAudit(tx, scope, entry, clock()));
      if (!(await store.domainSettings.setClaim(scope, domain, changes, audit))) throw notFoundRule(NO_CLAIM);
      await refresh();
      const stored = await store.domainSettings.ofClaim(scope);
      if (!stored) throw notFoundRule(NO_CLAIM);
      return stored;
    },
  };
}
