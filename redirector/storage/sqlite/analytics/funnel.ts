/** The funnel's measured figures: clicks, engaged clicks and Instagram exits over every link. */
import type { FunnelData } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import type { RollupFolder } from './rollups';

export function createFunnelQuery(db: SqliteDatabase, folder: RollupFolder) {
  const sums = db.prepare(`
    SELECT COALESCE(SUM(clicks), 0) AS clicks, COALESCE(SUM(engaged), 0) AS engaged,
           COALESCE(SUM(instagram_exits), 0) AS instagramExits
    FROM link_totals`);
  return (): FunnelData => {
    folder.foldBeforeRead();
    return sums.get() as FunnelData;
  };
}
