/**
 * Custom domains and their state (docs/api.md#custom-domains), kept on the row of the user who
 * claims the domain (users.custom_domain and the domain_* columns), so a user has one claim at most.
 * Several users may claim one domain; only a verified one is also in users.verified_domain, whose
 * unique index keeps a domain to one account (SQLite 20, PostgreSQL 25).
 */
import type { Scope } from '../../auth/scope';
import { type DomainStatus, VERIFIED_ELSEWHERE } from '../../contract/domains';
import type { AfterWrite, Executor } from '../executor';
import { ownedBy, ownerRow } from './scopeFilter';

/** A claimed domain and its state; times in epoch milliseconds. */
export interface DomainRecord {
  user_id: number;
  domain: string;
  status: DomainStatus;
  token: string;
  checked_at: number | null;
  verified_at: number | null;
  error: string | null;
  created_at: number;
}

/** A domain as the administrator's list shows it. */
export type ListedDomain = DomainRecord & { user_email: string; links: number };

/** What a look-up (or the administrator) found. */
export interface DomainCheck {
  status: DomainStatus;
  checked_at: number | null;
  verified_at: number | null;
  error: string | null;
  /** Set when a failed domain's week starts again; left out: kept. */
  created_at?: number;
}

export interface DomainRepository {
  /** The scope's custom domain (docs/api.md#scope-who-a-call-acts-for). */
  of(scope: Scope): Promise<DomainRecord | undefined>;
  /** The claim that verified `domain`, if an account has. */
  find(domain: string): Promise<DomainRecord | undefined>;
  /**
   * The scope's domain, pending with `token`; its old domain's links go back to the default domain
   * where their code is free there.
   */
  claim(scope: Scope, domain: string, token: string, now: number, afterWrite?: AfterWrite<void>): Promise<void>;
  /** The scope's domain removed, its links back on the default domain where their code is free. */
  remove(scope: Scope, afterWrite?: AfterWrite<void>): Promise<void>;
  /**
   * Records a check of the claimed domain (the subject: a stored claim, its owner with it), unless
   * its owner has changed or removed it meanwhile; false then. A verification takes the domain and
   * fails every other account's pending claim of it, at once; UniqueViolation('verified_domain')
   * when another account verified it first.
   */
  record(claimed: Pick<DomainRecord, 'user_id' | 'domain'>, check: DomainCheck): Promise<boolean>;
  /** Every verified domain with its owner. */
  verified(): Promise<{ domain: string; user_id: number }[]>;
  /** Every pending domain, for the background check. */
  pending(): Promise<DomainRecord[]>;
  /** Removes every claim unverified since `before` (pending or failed), links as on a removal; how many. */
  expire(before: number): Promise<number>;
  /** Removes every account's claim of `domain` (the administrator's), links as on a removal; how many. */
  removeDomain(domain: string): Promise<number>;
  /** Every claim, by domain name then account, with its owner's email and its links. */
  list(): Promise<ListedDomain[]>;
}

const STATE = `u.id AS user_id, u.custom_domain AS domain, u.domain_status AS status, u.domain_token AS token,
  u.domain_checked_at AS checked_at, u.domain_verified_at AS verified_at, u.domain_error AS error,
  u.domain_created_at AS created_at`;

/** A claim's settings go with it (docs/api.md#domain-fallbacks-and-well-known-documents). */
const CLEARED_SETTINGS = `domain_root_url = NULL, domain_not_found_url = NULL, domain_expired_url = NULL,
  domain_apple_app_site_association = NULL, domain_asset_links = NULL`;

const CLEARED_STATE = `verified_domain = NULL, domain_status = NULL, domain_token = NULL, domain_checked_at = NULL,
  domain_verified_at = NULL, domain_error = NULL, domain_created_at = NULL, ${CLEARED_SETTINGS}`;

/** The owner's links back to the default domain, except links whose code another link holds there. */
function linksBackToDefault(tx: Executor, scope: Scope) {
  const owned = ownedBy(scope);
  return tx.run(
    `UPDATE links SET domain = NULL WHERE ${owned.sql} AND domain IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM links d WHERE d.domain IS NULL AND d.short_code = links.short_code)`,
    owned.params,
  );
}

/** The claims that expire: unverified since `before`. */
const EXPIRED = "domain_status IN ('pending', 'failed') AND domain_created_at <= ?";

/**
 * Removes the claims of the users `where` picks (one statement each, no owner id: the expiry's and
 * the administrator's removals), their links back on the default domain as on a removal.
 */
async function removeClaims(db: Executor, where: string, params: (string | number)[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.run(
      `UPDATE links SET domain = NULL WHERE domain IS NOT NULL
         AND user_id IN (SELECT id FROM users WHERE ${where})
         AND NOT EXISTS (SELECT 1 FROM links d WHERE d.domain IS NULL AND d.short_code = links.short_code)`,
      params,
    );
    return tx.run(`UPDATE users SET custom_domain = NULL, ${CLEARED_STATE} WHERE ${where}`, params);
  });
}

export function createDomainRepository(db: Executor): DomainRepository {
  return {
    of(scope) {
      const row = ownerRow(scope);
      return db.get<DomainRecord>(
        `SELECT ${STATE} FROM users u WHERE ${row.sql} AND u.custom_domain IS NOT NULL`,
        row.params,
      );
    },
    find: (domain) => db.get<DomainRecord>(`SELECT ${STATE} FROM users u WHERE u.verified_domain = ?`, [domain]),
    async claim(scope, domain, token, now, afterWrite) {
      const row = ownerRow(scope, 'users');
      await db.transaction(async (tx) => {
        await linksBackToDefault(tx, scope);
        await tx.run(
          `UPDATE users SET custom_domain = ?, verified_domain = NULL, domain_status = 'pending', domain_token = ?,
             domain_checked_at = NULL, domain_verified_at = NULL, domain_error = NULL, domain_created_at = ?,
             ${CLEARED_SETTINGS}
           WHERE ${row.sql}`,
          [domain, token, now, ...row.params],
        );
        await afterWrite?.(tx, undefined);
      });
    },
    async remove(scope, afterWrite) {
      const row = ownerRow(scope, 'users');
      await db.transaction(async (tx) => {
        await linksBackToDefault(tx, scope);
        await tx.run(`UPDATE users SET custom_domain = NULL, ${CLEARED_STATE} WHERE ${row.sql}`, row.params);
        await afterWrite?.(tx, undefined);
      });
    },
    record({ user_id: userId, domain }, check) {
      const verified = check.status === 'verified' ? domain : null;
      return db.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE users SET domain_status = ?, verified_domain = ?, domain_checked_at = ?, domain_verified_at = ?,
             domain_error = ?, domain_created_at = COALESCE(?, domain_created_at)
           WHERE id = ? AND custom_domain = ?`,
          [
            check.status,
            verified,
            check.checked_at,
            check.verified_at,
            check.error,
            check.created_at ?? null,
            userId,
            domain,
          ],
        );
        // The first to verify gets the domain; the others' claims fail at once (docs/api.md#verification).
        if (changed > 0 && verified !== null) {
          await tx.run(
            `UPDATE users SET domain_status = 'failed', domain_error = ?
             WHERE custom_domain = ? AND verified_domain IS NULL AND domain_status = 'pending'`,
            [VERIFIED_ELSEWHERE, domain],
          );
        }
        return changed > 0;
      });
    },
    verified: () =>
      db.all<{ domain: string; user_id: number }>(
        'SELECT verified_domain AS domain, id AS user_id FROM users WHERE verified_domain IS NOT NULL',
      ),
    pending: () => db.all<DomainRecord>(`SELECT ${STATE} FROM users u WHERE u.domain_status = 'pending'`),
    expire: (before) => removeClaims(db, EXPIRED, [before]),
    removeDomain: (domain) => removeClaims(db, 'custom_domain = ?', [domain]),
    list: () =>
      db.all<ListedDomain>(
        `SELECT ${STATE}, u.email AS user_email,
           (SELECT COUNT(*) FROM links l WHERE l.user_id = u.id AND l.domain = u.custom_domain) AS links
         FROM users u WHERE u.custom_domain IS NOT NULL ORDER BY u.custom_domain, u.id`,
      ),
  };
}
