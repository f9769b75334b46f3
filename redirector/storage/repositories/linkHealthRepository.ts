/**
 * Each link's health (docs/api.md#link-health) in the link_health table, the same SQL on both
 * engines: a link without a row is unchecked. A check takes a lease on its link first, so that two
 * instances on one database never check one link at once; a check asked for through the API takes
 * the link's minute the same way, in one statement.
 */
import type { Scope } from '../../auth/scope';
import type { LinkHealthStatus } from '../../contract/linkConversion';
import type { Executor } from '../executor';
import { whereReached } from './scopeFilter';

/** A link's health as stored; times in epoch milliseconds. */
export interface LinkHealthRecord {
  link_id: number;
  status: LinkHealthStatus;
  checked_at: number | null;
  http_status: number | null;
  error: string | null;
  url: string | null;
  /** 5xx answers and timeouts in checks in a row. */
  soft_failures: number;
  /** `link.broken` was told and `link.recovered` not since (an `unchecked` spell keeps it). */
  broken_told: boolean;
}

export type LinkHealthResult = Omit<LinkHealthRecord, 'link_id'>;

/** A link due for a check and its team (null: the administrator's own). */
export interface DueLink {
  id: number;
  team_id: number | null;
}

export interface LinkHealthRepository {
  /** The health of each link that has a row. */
  of(linkIds: readonly number[]): Promise<Map<number, LinkHealthRecord>>;
  /** Takes the link's lease until `until` when no other check holds it; false when one does (or no such link). */
  lease(linkId: number, now: number, until: number): Promise<boolean>;
  /** Stores a check's result and gives the lease back. */
  save(linkId: number, result: LinkHealthResult): Promise<void>;
  /** Gives the lease back without a result (a check that failed to run). */
  release(linkId: number): Promise<void>;
  /** Takes the link's minute for a check asked for through the API; false when one was asked for since `since`. */
  ask(linkId: number, now: number, since: number): Promise<boolean>;
  /**
   * Links never checked or last checked before `before`, and not leased at `now`, taken in turns
   * across their teams (each team's oldest first, then each one's second, ...), at most
   * `perOwner` of each: one team's many links do not fill a round (docs/api.md#link-health).
   */
  due(before: number, now: number, limit: number, perOwner: number): Promise<DueLink[]>;
  /** How many links are broken (the metric): through the status index, not every link. */
  brokenCount(): Promise<number>;
  /** How many links the scope reaches are in each status (no row: unchecked). */
  counts(scope: Scope): Promise<Partial<Record<LinkHealthStatus, number>>>;
}

const COLUMNS = 'link_id, status, checked_at, http_status, error, url, soft_failures, broken_told';

const placeholders = (count: number) => new Array<string>(count).fill('?').join(', ');

export function createLinkHealthRepository(db: Executor): LinkHealthRepository {
  return {
    async of(linkIds) {
      const found = new Map<number, LinkHealthRecord>();
      for (let start = 0; start < linkIds.length; start += 500) {
        const batch = linkIds.slice(start, start + 500);
        const rows = await db.all<Omit<LinkHealthRecord, 'broken_told'> & { broken_told: number }>(
          `SELECT ${COLUMNS} FROM link_health WHERE link_id IN (${placeholders(batch.length)})`,
          batch,
        );
        for (const row of rows) {
          found.set(Number(row.link_id), {
            ...row,
            link_id: Number(row.link_id),
            broken_told: Number(row.broken_told) === 1,
          });
        }
      }
      return found;
    },

    async lease(linkId, now, until) {
      const row = await db.get(
        `INSERT INTO link_health (link_id, lease_until) SELECT id, ? FROM links WHERE id = ?
         ON CONFLICT (link_id) DO UPDATE SET lease_until = excluded.lease_until
         WHERE link_health.lease_until IS NULL OR link_health.lease_until < ?
         RETURNING link_id`,
        [until, linkId, now],
      );
      return row !== undefined;
    },

    async save(linkId, result) {
      await db.run(
        `UPDATE link_health SET status = ?, checked_at = ?, http_status = ?, error = ?, url = ?, soft_failures = ?,
         broken_told = ?, lease_until = NULL WHERE link_id = ?`,
        [
          result.status,
          result.checked_at,
          result.http_status,
          result.error,
          result.url,
          result.soft_failures,
          result.broken_told ? 1 : 0,
          linkId,
        ],
      );
    },

    async release(linkId) {
      await db.run('UPDATE link_health SET lease_until = NULL WHERE link_id = ?', [linkId]);
    },

    async ask(linkId, now, since) {
      const row = await db.get(
        `INSERT INTO link_health (link_id, asked_at) SELECT id, ? FROM links WHERE id = ?
         ON CONFLICT (link_id) DO UPDATE SET asked_at = excluded.asked_at
         WHERE link_health.asked_at IS NULL OR link_health.asked_at <= ?
         RETURNING link_id`,
        [now, linkId, since],
      );
      return row !== undefined;
    },

    async due(before, now, limit, perOwner) {
      const rows = await db.all<DueLink>(
        `SELECT id, team_id FROM (
           SELECT l.id, l.team_id, COALESCE(h.checked_at, 0) AS last_checked,
             ROW_NUMBER() OVER (PARTITION BY l.team_id ORDER BY COALESCE(h.checked_at, 0), l.id) AS turn
           FROM links l LEFT JOIN link_health h ON h.link_id = l.id
           WHERE (h.checked_at IS NULL OR h.checked_at < ?) AND (h.lease_until IS NULL OR h.lease_until < ?)
         ) due WHERE turn <= ? ORDER BY turn, last_checked, id LIMIT ?`,
        [before, now, perOwner, limit],
      );
      return rows.map((row) => ({ id: Number(row.id), team_id: row.team_id === null ? null : Number(row.team_id) }));
    },

    async brokenCount() {
      const row = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM link_health WHERE status = 'broken'");
      return Number(row?.n ?? 0);
    },

    async counts(scope) {
      const where = whereReached(scope, 'l');
      const rows = await db.all<{ status: LinkHealthStatus; n: number }>(
        `SELECT COALESCE(h.status, 'unchecked') AS status, COUNT(*) AS n
         FROM links l LEFT JOIN link_health h ON h.link_id = l.id ${where.sql} GROUP BY COALESCE(h.status, 'unchecked')`,
        where.params,
      );
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
  };
}
