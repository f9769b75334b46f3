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

/** PostgreSQL: one pass over the clicks. */
export async function postgresFunnel(db: Queryable): Promise<FunnelData> {
  const { rows } = await db.query<FunnelData>(`
    SELECT COUNT(*) AS clicks,
           COUNT(*) FILTER (WHERE c.referrer_source IS NOT NULL OR c.instagram_exit) AS engaged,
           COUNT(*) FILTER (WHERE c.instagram_exit) AS "instagramExits"
    FROM clicks c WHERE NOT c.is_bot`);
  return rows[0]!;
}
