/**
 * Checking a domain claim's TXT record and taking the domain (docs/api.md#verification): the first
 * account to verify gets it, the others' claims fail; the service's calls and its background round
 * use these.
 */
import { VERIFIED_ELSEWHERE } from '../contract/domains';
import { notFoundRule, RuleError } from '../ruleError';
import { UniqueViolation } from '../storage/errors';
import type { AfterWrite } from '../storage/executor';
import type {
  DomainCheck,
  DomainRecord,
  DomainStateChange,
  ListedDomain,
} from '../storage/repositories/domainRepository';
import type { Store } from '../storage/store';
import { checkTxtRecord, type TxtLookup } from './txtLookup';

export const DOMAIN_NOT_FOUND = 'No such domain';
export const NAME_THE_CLAIM = 'Several accounts claim this domain: name one with user_id or team_id';

export interface DomainChecksDeps {
  store: Store;
  clock: () => number;
  lookup: TxtLookup;
  /** Reads the verified domains into memory again. */
  refresh(): Promise<void>;
}

export function createDomainChecks({ store, clock, lookup, refresh }: DomainChecksDeps) {
  /**
   * Stores a verification; another account that verified the domain first fails the claim instead
   * (docs/api.md#verification). True when verified. `audit`: the entries of the states it changed,
   * in the transaction that changes them (the administrator's verification, docs/api.md#audit-log).
   */
  async function takeDomain(
    record: DomainRecord,
    check: DomainCheck,
    audit?: AfterWrite<DomainStateChange[]>,
  ): Promise<boolean> {
    try {
      await store.domains.record(record, check, audit);
    } catch (error) {
      if (!(error instanceof UniqueViolation)) throw error;
      await failClaim(record, check.checked_at, audit);
      return false;
    }
    await refresh();
    return true;
  }

  function failClaim(
    record: DomainRecord,
    checkedAt: number | null,
    audit?: AfterWrite<DomainStateChange[]>,
  ): Promise<boolean> {
    const failed = { status: 'failed', checked_at: checkedAt, verified_at: null, error: VERIFIED_ELSEWHERE } as const;
    return store.domains.record(record, failed, audit);
  }

  /**
   * Looks the record up and stores what it found. `restart`: a failed claim's week starts again (a
   * user's verify call), unless another account has the domain.
   */
  async function check(record: DomainRecord, restart = false): Promise<void> {
    const now = clock();
    const holder = await store.domains.find(record.domain);
    if (holder && holder.team_id !== record.team_id) {
      await failClaim(record, now);
      return;
    }
    const found = await checkTxtRecord(lookup, record.domain, record.token);
    const created_at = restart ? now : undefined;
    if (found.verified) {
      await takeDomain(record, { status: 'verified', checked_at: now, verified_at: now, error: null, created_at });
      return;
    }
    await store.domains.record(record, {
      status: 'pending',
      checked_at: now,
      verified_at: null,
      error: found.error,
      created_at,
    });
  }

  return { takeDomain, check };
}

/** The claims of a domain (several accounts may claim one). */
async function claimsOf(store: Store, domain: string): Promise<ListedDomain[]> {
  return (await store.domains.list()).filter((entry) => entry.domain === domain);
}

/** Whose claim: a user's (their personal team's) or a team's; either left out: any. */
export interface Claimant {
  userId?: number;
  teamId?: number;
}

/** The one claim of `domain` (of `claimant` when several teams claim it). */
export async function listedClaim(store: Store, domain: string, claimant: Claimant = {}): Promise<ListedDomain> {
  const { userId, teamId } = claimant;
  const claims = (await claimsOf(store, domain)).filter(
    (entry) => (userId === undefined || entry.user_id === userId) && (teamId === undefined || entry.team_id === teamId),
  );
  if (claims.length === 0) throw notFoundRule(DOMAIN_NOT_FOUND);
  if (claims.length > 1) throw new RuleError(400, NAME_THE_CLAIM);
  return claims[0]!;
}
