/**
 * Custom domains that route (docs/api.md#custom-domains): a team (a user's personal team, or a
 * shared one: docs/api.md#domains-and-hubs-of-a-team) claims a domain, proves it by a DNS
 * TXT record (checked on demand and in the background), and once verified it serves their links;
 * the verified ones are kept in memory (verifiedDomains.ts).
 */

import { randomBytes } from 'node:crypto';
import { ADMIN_ACTOR, recordAudit } from '../audit/auditLog';
import type { AttemptLimiter } from '../auth/attemptLimiter';
import { DOMAIN_TAKEN, normaliseCustomDomain } from '../auth/domainRules';
import { type Scope, teamIdOf } from '../auth/scope';
import { runInBackground, SHARED_LOOP_JITTER } from '../background';
import { challengeRecord, type DomainVerification } from '../contract/domains';
import { isoTimeOrNull } from '../contract/times';
import { logProblem } from '../observability/logger';
import { notFoundRule, RuleError, taken } from '../ruleError';
import { ReferenceGone } from '../storage/errors';
import type { Executor } from '../storage/executor';
import type { DomainRecord, DomainStateChange, ListedDomain } from '../storage/repositories/domainRepository';
import type { Store } from '../storage/store';
import { domainEntry, stateEntries } from './domainAudit';
import { type Claimant, createDomainChecks, DOMAIN_NOT_FOUND, listedClaim } from './domainChecks';
import type { TxtLookup } from './txtLookup';
import { keepVerifiedDomains } from './verifiedDomains';

export { DOMAIN_NOT_FOUND, NAME_THE_CLAIM } from './domainChecks';

/** An unverified claim (pending or failed) is removed after this long (docs/api.md#verification). */
export const PENDING_DAYS = 7;
export const PENDING_MS = PENDING_DAYS * 86_400_000;
/** How often pending domains are looked up again in the background. */
export const RECHECK_MS = 10 * 60_000;
/** Verify calls per user per minute. */
export const VERIFY_CALLS_PER_MINUTE = 10;

export const NO_DOMAIN = 'You have no custom domain to verify';
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
  /** RuleError 400 for a bad name or the default domain, 409 when another user has it verified. */
  claim(scope: Scope, input: unknown): Promise<DomainState>;
  remove(scope: Scope): Promise<void>;
  /** Looks the TXT record up now; RuleError 429 beyond the limit, 404 without a domain. */
  verify(scope: Scope): Promise<DomainState>;
  /** One background round: every pending domain looked up, then the week-old unverified claims removed. */
  checkPending(): Promise<void>;
  list(): Promise<ListedDomain[]>;
  /**
   * Verified by the administrator (`claimant`: which user's or team's claim, needed when several
   * claim it); RuleError 404 for an unclaimed domain, 400 for several claims and no claimant, 409
   * when another team has it verified.
   */
  verifyByHand(domain: string, claimant?: Claimant): Promise<ListedDomain>;
  /** Every claim of it removed (and gone from memory); RuleError 404 for a domain unknown to both. */
  removeDomain(domain: string): Promise<void>;
  /** The team whose verified domain this host is (lower case, no port); undefined otherwise. */
  ownerOf(host: string): number | undefined;
  /** The team's verified domain; null without one. */
  verifiedOf(teamId: number): string | null;
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
  /** After each read of the verified domains, awaited (the link cache forgets what it resolved, the settings are read again). */
  onChange?: () => void | Promise<void>;
}

const newToken = () => randomBytes(18).toString('base64url');

/** Whose verify calls count together: a user's (their personal team's, as before teams), else the team's. */
const verifyLimitKey = (scope: Scope) => (scope.owner.kind === 'user' ? scope.owner.id : `team:${teamIdOf(scope)}`);

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
      checked_at: isoTimeOrNull(record.checked_at),
      error: record.error,
    },
  };
}

export function createDomainService(deps: DomainServiceDeps): DomainService {
  const { store, clock, defaultDomain, lookup } = deps;
  const verified = keepVerifiedDomains(store, deps.onChange);
  const { refresh } = verified;

  const { takeDomain, check } = createDomainChecks({ store, clock, lookup, refresh });
  const listed = (domain: string, claimant?: Claimant) => listedClaim(store, domain, claimant);

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
        // A pending or failed claim blocks nobody; a verified domain is its account's.
        const holder = await store.domains.find(domain);
        if (holder && holder.team_id !== teamIdOf(scope)) throw taken(DOMAIN_TAKEN);
        const entry = domainEntry(teamIdOf(scope), 'domain.claimed', current?.domain, domain);
        await store.domains.claim(scope, domain, newToken(), clock(), (tx) => recordAudit(tx, scope, entry, clock()));
        if (current?.status === 'verified') await refresh();
      }
      return toState(stillThere(await store.domains.of(scope)));
    },
    async remove(scope) {
      const current = await store.domains.of(scope);
      const entry = domainEntry(teamIdOf(scope), 'domain.removed', current?.domain, undefined);
      await store.domains.remove(scope, (tx) => recordAudit(tx, scope, entry, clock()));
      if (current?.status === 'verified') await refresh();
    },
    async verify(scope) {
      const reservation = await deps.verifyLimiter.reserve(String(verifyLimitKey(scope)));
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
      // Unverified for a week: the claim goes (links as on a removal; none was verified, so memory stays).
      await store.domains.expire(clock() - PENDING_MS);
    },
    list: () => store.domains.list(),
    async verifyByHand(domain, claimant) {
      const row = await listed(domain.toLowerCase(), claimant);
      const check = { status: 'verified', checked_at: row.checked_at, verified_at: clock(), error: null } as const;
      // Every claim whose state this changes (the domain's, others' failed at once) is the administrator's change.
      const audit = (tx: Executor, states: DomainStateChange[]) =>
        recordAudit(tx, ADMIN_ACTOR, stateEntries(row.domain, states), clock());
      if (row.status !== 'verified' && !(await takeDomain(row, check, audit))) throw taken(DOMAIN_TAKEN);
      return listed(row.domain, { teamId: row.team_id });
    },
    async removeDomain(input) {
      const domain = input.toLowerCase();
      // Each claim removed is the administrator's change, in its team's log (docs/api.md#audit-log).
      const audit = (tx: Executor, teams: number[]) =>
        recordAudit(
          tx,
          ADMIN_ACTOR,
          teams.map((teamId) => domainEntry(teamId, 'domain.removed', domain, undefined)),
          clock(),
        );
      const removed = await store.domains.removeDomain(domain, audit);
      // Also a domain only this instance still serves (its account deleted meanwhile).
      const served = verified.ownerOf(domain) !== undefined;
      if (removed === 0 && !served) throw notFoundRule(DOMAIN_NOT_FOUND);
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
