/**
 * Orphan visits (docs/api.md#orphan-visits): a domain's root, unknown codes and expired links
 * that a fallback sent on, counted per domain ('' for the default domain), bots left out before
 * they get here.
 */
import type { OrphanKind, OrphanVisitsResponse } from '../../contract/domainSettings';
import type { Executor } from '../executor';

export type { OrphanKind };

export interface OrphanVisit {
  domain: string;
  path: string;
  kind: OrphanKind;
  visited_at: number;
  country: string | null;
  referrer: string | null;
}

export type OrphanReport = OrphanVisitsResponse;

export interface OrphanVisitRepository {
  record(visits: readonly OrphanVisit[]): Promise<void>;
  /** The domain's visits in [from, to) (epoch ms; undefined: unbounded), at most `top` paths. */
  report(domain: string, range: { from?: number; to?: number }, top: number): Promise<OrphanReport>;
}

/** `reads`: where the report is read (a replica on PostgreSQL, docs/api.md#read-replicas); visits are written on `db`. */
export function createOrphanVisitRepository(db: Executor, reads: Executor = db): OrphanVisitRepository {
  return {
    async record(visits) {
      if (visits.length === 0) return;
      const rows = visits.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
      await db.run(
        `INSERT INTO orphan_visits (domain, path, kind, visited_at, country, referrer) VALUES ${rows}`,
        visits.flatMap((v) => [v.domain, v.path, v.kind, v.visited_at, v.country, v.referrer]),
      );
    },
    async report(domain, range, top) {
      const where = ['domain = ?'];
      const params: number[] = [];
      if (range.from !== undefined) {
        where.push('visited_at >= ?');
        params.push(range.from);
      }
      if (range.to !== undefined) {
        where.push('visited_at < ?');
        params.push(range.to);
      }
      const filter = `WHERE ${where.join(' AND ')}`;
      const kinds = await reads.all<{ kind: OrphanKind; visits: number }>(
        `SELECT kind, COUNT(*) AS visits FROM orphan_visits ${filter} GROUP BY kind`,
        [domain, ...params],
      );
      // Ties by path as SQLite orders text (its code points), whatever the database's collation.
      const byPath = reads.engine === 'postgres' ? 'path COLLATE "C"' : 'path';
      const paths = await reads.all<{ path: string; visits: number }>(
        `SELECT path, COUNT(*) AS visits FROM orphan_visits ${filter} GROUP BY path ORDER BY visits DESC, ${byPath} LIMIT ?`,
        [domain, ...params, top],
      );
      const by_kind: Record<OrphanKind, number> = { root: 0, not_found: 0, expired: 0 };
      for (const row of kinds) by_kind[row.kind] = Number(row.visits);
      return {
        total: by_kind.root + by_kind.not_found + by_kind.expired,
        by_kind,
        top_paths: paths.map((row) => ({ path: row.path, visits: Number(row.visits) })),
      };
    },
  };
}
