/**
 * Custom domains that route (docs/api.md#custom-domains): a user claims a domain, proves it by a DNS
 * TXT record (checked on demand and in the background), and once verified it serves their links;
 * the verified ones are kept in memory (verifiedDomains.ts).
 */

import { randomBytes } from 'node:crypto';
import type { AttemptLimiter } from '../auth/attemptLimiter';
import { DOMAIN_TAKEN, normaliseCustomDomain } from '../auth/domainRules';
import { ownerIdOf, type Scope, systemScope } from '../auth/scope';
import { runInBackground, SHARED_LOOP_JITTER } from '../background';
import { challengeRecord, type DomainVerification } from '../contract/domains';
import { logProblem } from '../observability/logger';
import { notFoundRule, RuleError, taken } from '../ruleError';
import { ReferenceGone, UniqueViolation } from '../storage/errors';
import type { DomainRecord, ListedDomain } from '../storage/repositories/domainRepository';
import type { Store } from '../storage/store';
import { checkTxtRecord, type TxtLookup } from './txtLookup';
import { keepVerifiedDomains } from './verifiedDomains';

/** A pending domain is given up after this long without its record. */
export const PENDING_DAYS = 7;
export const PENDING_MS = PENDING_DAYS * 86_400_000;
/** How often pending domains are looked up again in the background. */
export const RECHECK_MS = 10 * 60_000;
/** Verify calls per user per minute. */
export const VERIFY_CALLS_PER_MINUTE = 10;

export const NO_DOMAIN = 'You have no custom domain to verify';
export const DOMAIN_NOT_FOUND = 'No such domain';
export const TOO_MANY_CHECKS = 'Too many checks; try again in a minute';

export interface DomainState {
  domain: string;
  verification: DomainVerification;
}

export interface DomainService {
  /** Resolves once the verified domains are in memory. */
  ready(): Promise<void>;
  /** The user's domain and its state; undefined without one. */
  stateOf(scope: Scope): Promise<DomainState | undefined>;
  /** RuleError 400 for a bad name or the default domain, 409 when another user has it. */
  claim(scope: Scope, input: unknown): Promise<DomainState>;
  remove(scope: Scope): Promise<void>;
  /** Looks the TXT record up now; RuleError 429 beyond the limit, 404 without a domain. */
  verify(scope: Scope): Promise<DomainState>;
  /** One background round: every pending domain looked up, the week-old ones failed. */
  checkPending(): Promise<void>;
  list(): Promise<ListedDomain[]>;
  /** Verified by the administrator; RuleError 404 for an unclaimed domain. */
  verifyByHand(domain: string): Promise<ListedDomain>;
  /** Taken from its user; RuleError 404 for an unclaimed domain. */
  removeDomain(domain: string): Promise<void>;
  /** The user whose verified domain this host is (lower case, no port); undefined otherwise. */
  ownerOf(host: string): number | undefined;
  /** The user's verified domain; null without one. */
  verifiedOf(userId: number): string | null;
  /** The default domain and every verified custom domain (TLS on demand). */
  isServed(host: string): boolean;
  /** Reads the verified domains again (after a change elsewhere). */
  refresh(): Promise<void>;
}

export interface DomainServiceDeps {
  store: Store;
  clock: () => number;
  defaultDomain: string;
  lookup: TxtLookup;
  /** Verify calls per user (VERIFY_CALLS_PER_MINUTE a minute). */
  verifyLimiter: AttemptLimiter;
  /** After each change of the verified domains here (the link cache forgets what it resolved). */
  onChange?: () => void;
}

const newToken = () => randomBytes(18).toString('base64url');

/** The domain just claimed; ReferenceGone when its account was deleted meanwhile. */
function stillThere(record: DomainRecord | undefined): DomainRecord {
  if (!record) throw new ReferenceGone();
  return record;
}

function toState(record: DomainRecord): DomainState {
  return {
    domain: record.domain,
    verification: {
      status: record.status,
      record: challengeRecord(record.domain, record.token),
      checked_at: record.checked_at === null ? null : new Date(record.checked_at).toISOString(),
      error: record.error,
    },
  };
}

export function createDomainService(deps: DomainServiceDeps): DomainService {
  const { store, clock, defaultDomain, lookup } = deps;
  const verified = keepVerifiedDomains(store, deps.onChange);
  const { refresh } = verified;

  /**
   * Looks the record up and stores what it found; a week-old pending domain fails. `restart`: a
   * failed domain's week starts again (a user's verify call).
   */
  async function check(record: DomainRecord, restart = false): Promise<void> {
    const now = clock();
    const found = await checkTxtRecord(lookup, record.domain, record.token);
    const since = restart ? now : record.created_at;
    const expired = !found.verified && now - since >= PENDING_MS;
    await store.domains.record(record, {
      status: found.verified ? 'verified' : expired ? 'failed' : 'pending',
      checked_at: now,
      verified_at: found.verified ? now : null,
      error: found.verified ? null : found.error,
      created_at: restart ? now : undefined,
    });
    if (found.verified) await refresh();
  }

  async function listed(domain: string): Promise<ListedDomain> {
    const row = (await store.domains.list()).find((entry) => entry.domain === domain);
    if (!row) throw notFoundRule(DOMAIN_NOT_FOUND);
    return row;
  }

  return {
    ready: verified.ready,
    async stateOf(scope) {
      const record = await store.domains.of(scope);
      return record && toState(record);
    },
    async claim(scope, input) {
      const domain = normaliseCustomDomain(input, defaultDomain);
      const current = await store.domains.of(scope);
      if (current?.domain !== domain) {
        try {
          await store.domains.claim(scope, domain, newToken(), clock());
        } catch (error) {
          if (error instanceof UniqueViolation) throw taken(DOMAIN_TAKEN);
          throw error;
        }
        if (current?.status === 'verified') await refresh();
      }
      return toState(stillThere(await store.domains.of(scope)));
    },
    async remove(scope) {
      const current = await store.domains.of(scope);
      await store.domains.remove(scope);
      if (current?.status === 'verified') await refresh();
    },
    async verify(scope) {
      const reservation = await deps.verifyLimiter.reserve(String(ownerIdOf(scope)));
      if (!reservation.granted) throw new RuleError(429, TOO_MANY_CHECKS);
      reservation.settle(true);
      const record = await store.domains.of(scope);
      if (!record) throw notFoundRule(NO_DOMAIN);
      // Verifying a failed domain again restarts its week.
      if (record.status !== 'verified') await check(record, record.status === 'failed');
      return toState(stillThere(await store.domains.of(scope)));
    },
    async checkPending() {
      for (const record of await store.domains.pending()) {
        try {
          await check(record);
        } catch (error) {
          logProblem(`could not check the domain ${record.domain}`, error);
        }
      }
    },
    list: () => store.domains.list(),
    async verifyByHand(domain) {
      const row = await listed(domain.toLowerCase());
      const now = clock();
      await store.domains.record(row, {
        status: 'verified',
        checked_at: row.checked_at,
        verified_at: now,
        error: null,
      });
      await refresh();
      return listed(row.domain);
    },
    async removeDomain(domain) {
      const row = await listed(domain.toLowerCase());
      // The administrator's call on one user's domain: that owner's scope.
      await store.domains.remove(systemScope(row.user_id));
      await refresh();
    },
    ownerOf: verified.ownerOf,
    verifiedOf: verified.of,
    isServed: (host) => host === defaultDomain || verified.ownerOf(host) !== undefined,
    refresh,
  };
}

/** The background re-check of pending domains, every RECHECK_MS (the first one right away). */
export function checkDomainsInBackground(domains: DomainService, everyMs = RECHECK_MS): { stop(): Promise<void> } {
  return runInBackground(() => domains.checkPending(), {
    what: 'checking pending domains',
    everyMs,
    jitter: SHARED_LOOP_JITTER,
    firstAfterMs: 0,
  });
}
