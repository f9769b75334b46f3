/**
 * Custom domains and their state (docs/api.md#custom-domains), kept on the row of the team that
 * claims the domain (teams.custom_domain and the domain_* columns; a user's are their personal
 * team's, docs/api.md#domains-and-hubs-of-a-team), so a team has one claim at most. Several teams
 * may claim one domain; only a verified one is also in teams.verified_domain, whose unique index
 * keeps a domain to one team (SQLite 32, PostgreSQL 37).
 */
import type { Scope } from '../../auth/scope';
import { type DomainStatus, VERIFIED_ELSEWHERE } from '../../contract/domains';
import type { AfterWrite, Executor } from '../executor';
import { ownedBy, teamRow } from './scopeFilter';

/** A claimed domain and its state; times in epoch milliseconds. */
export interface DomainRecord {
  /** The claiming team. */
  team_id: number;
  /** The user of a personal team; null for a shared team's claim. */
  user_id: number | null;
  domain: string;
  status: DomainStatus;
  token: string;
  checked_at: number | null;
  verified_at: number | null;
  error: string | null;
  created_at: number;
}

/** A domain as the administrator's list shows it: a personal team's with its user's email, a shared team's with its name. */
export type ListedDomain = DomainRecord & { user_email: string | null; team_name: string; links: number };

/** What a look-up (or the administrator) found. */
export interface DomainCheck {
  status: DomainStatus;
  checked_at: number | null;
  verified_at: number | null;
  error: string | null;
  /** Set when a failed domain's week starts again; left out: kept. */
  created_at?: number;
}

/** A claim's state before and after a check recorded it: `[before, after]` each. */
export interface DomainStateChange {
  team_id: number;
  status: [DomainStatus, DomainStatus];
  error: [string | null, string | null];
}

/** A claim's state, read in the transaction that changes it. */
const STATE_OF = 'SELECT id AS team_id, domain_status AS status, domain_error AS error FROM teams';
type StateRow = { team_id: number; status: DomainStatus; error: string | null };

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
   * when another account verified it first. `afterWrite` (the audit entries) runs in the same
   * transaction with every claim's state as it changed, the subject's first.
   */
  record(
    claimed: Pick<DomainRecord, 'team_id' | 'domain'>,
    check: DomainCheck,
    afterWrite?: AfterWrite<DomainStateChange[]>,
  ): Promise<boolean>;
  /** Every verified domain with its owner. */
  verified(): Promise<{ domain: string; team_id: number }[]>;
  /** Every pending domain, for the background check. */
  pending(): Promise<DomainRecord[]>;
  /** Removes every claim unverified since `before` (pending or failed), links as on a removal; how many. */
  expire(before: number): Promise<number>;
  /**
   * Removes every account's claim of `domain` (the administrator's), links as on a removal; how many.
   * `afterWrite` (the audit entries) gets their teams' ids in the same transaction.
   */
  removeDomain(domain: string, afterWrite?: AfterWrite<number[]>): Promise<number>;
  /** Every claim, by domain name then account, with its owner's email and its links. */
  list(): Promise<ListedDomain[]>;
}

const STATE = `t.id AS team_id, t.personal_user_id AS user_id, t.custom_domain AS domain, t.domain_status AS status,
  t.domain_token AS token, t.domain_checked_at AS checked_at, t.domain_verified_at AS verified_at,
  t.domain_error AS error, t.domain_created_at AS created_at`;

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
 * Removes the claims of the teams `where` picks (one statement each, no owner id: the expiry's and
 * the administrator's removals), their links back on the default domain as on a removal;
 * `afterWrite` gets their teams' ids, in the same transaction.
 */
async function removeClaims(
  db: Executor,
  where: string,
  params: (string | number)[],
  afterWrite?: AfterWrite<number[]>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const teams = afterWrite ? await tx.all<{ id: number }>(`SELECT id FROM teams WHERE ${where}`, params) : [];
    await tx.run(
      `UPDATE links SET domain = NULL WHERE domain IS NOT NULL
         AND team_id IN (SELECT id FROM teams WHERE ${where})
         AND NOT EXISTS (SELECT 1 FROM links d WHERE d.domain IS NULL AND d.short_code = links.short_code)`,
      params,
    );
    const removed = await tx.run(`UPDATE teams SET custom_domain = NULL, ${CLEARED_STATE} WHERE ${where}`, params);
    await afterWrite?.(
      tx,
      teams.map((team) => Number(team.id)),
    );
    return removed;
  });
}

/**
 * A verification writes every claim of the domain: on PostgreSQL it locks them first, in one order,
 * so that verifications at once take turns instead of deadlocking (the later ones fail,
 * docs/api.md#verification). SQLite's one connection runs them one at a time already.
 */
async function lockClaims(tx: Executor, domain: string): Promise<void> {
  if (tx.engine === 'postgres')
    await tx.all('SELECT id FROM teams WHERE custom_domain = ? ORDER BY id FOR UPDATE', [domain]);
}

/** The first to verify gets the domain; the others' claims fail at once (docs/api.md#verification). */
async function failOtherClaims(tx: Executor, domain: string): Promise<DomainStateChange[]> {
  const others = `custom_domain = ? AND verified_domain IS NULL AND domain_status = 'pending'`;
  const failing = await tx.all<StateRow>(`${STATE_OF} WHERE ${others}`, [domain]);
  await tx.run(`UPDATE teams SET domain_status = 'failed', domain_error = ? WHERE ${others}`, [
    VERIFIED_ELSEWHERE,
    domain,
  ]);
  return failing.map((other) => ({
    team_id: Number(other.team_id),
    status: [other.status, 'failed'],
    error: [other.error, VERIFIED_ELSEWHERE],
  }));
}

/** A row's ids as numbers (PostgreSQL's BIGINT comes back as text). */
function numbered<T extends { team_id: number; user_id: number | null }>(row: T): T {
  return { ...row, team_id: Number(row.team_id), user_id: row.user_id === null ? null : Number(row.user_id) };
}

export function createDomainRepository(db: Executor): DomainRepository {
  return {
    async of(scope) {
      const row = teamRow(scope);
      const found = await db.get<DomainRecord>(
        `SELECT ${STATE} FROM teams t WHERE ${row.sql} AND t.custom_domain IS NOT NULL`,
        row.params,
      );
      return found && numbered(found);
    },
    async find(domain) {
      const found = await db.get<DomainRecord>(`SELECT ${STATE} FROM teams t WHERE t.verified_domain = ?`, [domain]);
      return found && numbered(found);
    },
    async claim(scope, domain, token, now, afterWrite) {
      const row = teamRow(scope, 'teams');
      await db.transaction(async (tx) => {
        await linksBackToDefault(tx, scope);
        await tx.run(
          `UPDATE teams SET custom_domain = ?, verified_domain = NULL, domain_status = 'pending', domain_token = ?,
             domain_checked_at = NULL, domain_verified_at = NULL, domain_error = NULL, domain_created_at = ?,
             ${CLEARED_SETTINGS}
           WHERE ${row.sql}`,
          [domain, token, now, ...row.params],
        );
        await afterWrite?.(tx, undefined);
      });
    },
    async remove(scope, afterWrite) {
      const row = teamRow(scope, 'teams');
      await db.transaction(async (tx) => {
        await linksBackToDefault(tx, scope);
        await tx.run(`UPDATE teams SET custom_domain = NULL, ${CLEARED_STATE} WHERE ${row.sql}`, row.params);
        await afterWrite?.(tx, undefined);
      });
    },
    record({ team_id: teamId, domain }, check, afterWrite) {
      const verified = check.status === 'verified' ? domain : null;
      return db.transaction(async (tx) => {
        if (verified !== null) await lockClaims(tx, domain);
        const was = await tx.get<StateRow>(`${STATE_OF} WHERE id = ? AND custom_domain = ?`, [teamId, domain]);
        const changed = await tx.run(
          `UPDATE teams SET domain_status = ?, verified_domain = ?, domain_checked_at = ?, domain_verified_at = ?,
             domain_error = ?, domain_created_at = COALESCE(?, domain_created_at)
           WHERE id = ? AND custom_domain = ?`,
          [
            check.status,
            verified,
            check.checked_at,
            check.verified_at,
            check.error,
            check.created_at ?? null,
            teamId,
            domain,
          ],
        );
        if (changed === 0 || !was) return false;
        const changes: DomainStateChange[] = [
          { team_id: teamId, status: [was.status, check.status], error: [was.error, check.error] },
        ];
        if (verified !== null) changes.push(...(await failOtherClaims(tx, domain)));
        await afterWrite?.(tx, changes);
        return true;
      });
    },
    async verified() {
      const rows = await db.all<{ domain: string; team_id: number }>(
        'SELECT verified_domain AS domain, id AS team_id FROM teams WHERE verified_domain IS NOT NULL',
      );
      return rows.map((row) => ({ domain: row.domain, team_id: Number(row.team_id) }));
    },
    async pending() {
      return (await db.all<DomainRecord>(`SELECT ${STATE} FROM teams t WHERE t.domain_status = 'pending'`)).map(
        numbered,
      );
    },
    expire: (before) => removeClaims(db, EXPIRED, [before]),
    removeDomain: (domain, afterWrite) => removeClaims(db, 'custom_domain = ?', [domain], afterWrite),
    async list() {
      const rows = await db.all<ListedDomain>(
        `SELECT ${STATE}, u.email AS user_email, t.name AS team_name,
           (SELECT COUNT(*) FROM links l WHERE l.team_id = t.id AND l.domain = t.custom_domain) AS links
         FROM teams t LEFT JOIN users u ON u.id = t.personal_user_id
         WHERE t.custom_domain IS NOT NULL ORDER BY t.custom_domain, t.id`,
      );
      return rows.map((row) => ({ ...numbered(row), links: Number(row.links) }));
    },
  };
}
