/** AnalyticsQueries on SQLite: one query module per panel over the rollups (schema.ts). */
import type { AnalyticsQueries } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import { type BackgroundFoldingOptions, foldInBackground } from './background';
import { createFunnelQuery } from './funnel';
import { createLinkStatsQuery } from './linkStats';
import { createLiveQuery } from './live';
import { createRealtimeQuery } from './realtime';
import { createRepeatVisitorsQuery } from './repeatVisitors';
import { rollupFolder } from './rollups';
import { createSummaryQuery } from './summary';

export interface SqliteAnalytics extends AnalyticsQueries {
  /** Starts folding pending clicks on a timer (the running service does; tests and scripts may not). */
  startBackgroundFolding(options?: BackgroundFoldingOptions): void;
  stopBackgroundFolding(): void;
}

export function createSqliteAnalytics(db: SqliteDatabase): SqliteAnalytics {
  const folder = rollupFolder(db);
  const lastClickId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM clicks').pluck();
  const linkStats = createLinkStatsQuery(db, folder);
  const summary = createSummaryQuery(db, folder);
  const realtime = createRealtimeQuery(db);
  const live = createLiveQuery(db);
  const repeatVisitors = createRepeatVisitorsQuery(db, folder);
  const funnel = createFunnelQuery(db, folder);
  let background: { stop(): void } | undefined;

  return {
    async catchUp(maxRows) {
      return folder.fold(maxRows);
    },
    async pending() {
      return folder.pending();
    },
    linkStats: async (linkId, options) => linkStats(linkId, options),
    summary: async (options) => summary(options),
    realtime: async (options) => realtime(options),
    live: async (options) => live(options),
    repeatVisitors: async (options) => repeatVisitors(options),
    funnel: async () => funnel(),
    startBackgroundFolding(options) {
      background ??= foldInBackground(folder, () => (db.open ? (lastClickId.get() as number) : 0), options);
    },
    stopBackgroundFolding() {
      background?.stop();
      background = undefined;
    },
  };
}
