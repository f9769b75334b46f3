/** The funnel's measured figures: clicks, engaged clicks and Instagram exits over every link. */
import type { FunnelData } from '../analyticsQueries';
import type { Queryable } from '../postgres/database';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { SqliteDatabase } from '../sqlite/database';

/** SQLite: the sums of the per-link rollups. */
export function sqliteFunnel(db: SqliteDatabase, folder: RollupFolder) {
  const sums = db.prepare(`
    SELECT COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(engaged), 0) AS engaged,
           COALESCE(SUM(instagram_exits), 0) AS instagramExits
    FROM link_totals`);
  return (): FunnelData => {
    folder.foldBeforeRead();
    return sums.get() as FunnelData;
  };
}

/** PostgreSQL: the same sums of its rollups. */
export async function postgresFunnel(db: Queryable): Promise<FunnelData> {
  const { rows } = await db.query<FunnelData>(`
    SELECT COALESCE(SUM(clicks), 0)::bigint AS clicks, COALESCE(SUM(engaged), 0)::bigint AS engaged,
           COALESCE(SUM(instagram_exits), 0)::bigint AS "instagramExits"
    FROM link_totals`);
  return rows[0]!;
}
