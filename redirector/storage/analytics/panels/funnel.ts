/**
 * The funnel's measured figures over every link: clicks, engaged clicks and Instagram exits. All
 * time: the sums of link_totals; over a range: the clicks of rangeClicks and the day dimensions
 * `engaged` and `instagram_exit` (../sql/days.ts).
 */
import type { FunnelData, TimeRange } from '../../analyticsQueries';
import type { Queryable } from '../../postgres/database';
import type { SqliteDatabase } from '../../sqlite/database';
import { rangeParams } from '../sql/rangeFragments';
import { type Panel, postgresLaterClicks, postgresRangeNumber, postgresRangeRows, sqliteRangeReads } from './panel';

const FUNNEL_SUMS = (sum: (column: string) => string) => `
  SELECT ${sum('clicks')} AS clicks, ${sum('engaged')} AS engaged, ${sum('instagram_exits')} AS "instagramExits"
  FROM link_totals`;

function sqliteFunnel(db: SqliteDatabase) {
  const sums = db.prepare(FUNNEL_SUMS((column) => `COALESCE(SUM(${column}), 0)`));
  const ranged = sqliteRangeReads(db, ['clicks', 'dimension', 'laterClicks']);
  return (range?: TimeRange): FunnelData => {
    if (!range) return sums.get() as FunnelData;
    const params = rangeParams(range, ranged.later(range));
    const count = (dimension: string) => Number(ranged.all('dimension', { ...params, dimension })[0]?.clicks ?? 0);
    return {
      clicks: ranged.value('clicks', params),
      engaged: count('engaged'),
      instagramExits: count('instagram_exit'),
    };
  };
}

async function postgresFunnel(db: Queryable, range?: TimeRange): Promise<FunnelData> {
  if (!range) {
    const { rows } = await db.query<FunnelData>(FUNNEL_SUMS((column) => `COALESCE(SUM(${column}), 0)::bigint`));
    return rows[0]!;
  }
  const params = rangeParams(range, await postgresLaterClicks(db, range));
  const count = async (dimension: string) =>
    Number((await postgresRangeRows<{ clicks: number }>(db, 'dimension', { ...params, dimension }))[0]?.clicks ?? 0);
  return {
    clicks: await postgresRangeNumber(db, 'clicks', params),
    engaged: await count('engaged'),
    instagramExits: await count('instagram_exit'),
  };
}

export const funnelPanel: Panel<[range?: TimeRange], FunnelData> = {
  folds: true,
  sqlite: sqliteFunnel,
  postgres: postgresFunnel,
};
