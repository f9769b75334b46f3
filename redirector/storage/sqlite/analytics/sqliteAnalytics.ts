/** AnalyticsQueries on SQLite: each panel's SQLite part (../../analytics/) over the rollups (schema.ts). */
import { sqliteFunnel } from '../../analytics/funnel';
import { sqliteLinkStats } from '../../analytics/linkStats';
import { sqliteLive } from '../../analytics/live';
import { sqliteRanges } from '../../analytics/ranges';
import { sqliteRealtime } from '../../analytics/realtime';
import { sqliteRepeatVisitors } from '../../analytics/repeatVisitors';
import { sqliteSummary } from '../../analytics/summary';
import type { AnalyticsQueries } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import { type BackgroundFoldingOptions, foldInBackground } from './background';
import { rollupFolder } from './rollups';

export interface SqliteAnalytics extends AnalyticsQueries {
  /** Starts folding pending clicks on a timer (the running service does; tests and scripts may not). */
  startBackgroundFolding(options?: BackgroundFoldingOptions): void;
  stopBackgroundFolding(): void;
}

export function createSqliteAnalytics(db: SqliteDatabase): SqliteAnalytics {
  const folder = rollupFolder(db);
  const lastClickId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM clicks').pluck();
  const linkStats = sqliteLinkStats(db, folder);
  const summary = sqliteSummary(db, folder);
  const realtime = sqliteRealtime(db);
  const live = sqliteLive(db);
  const repeatVisitors = sqliteRepeatVisitors(db, folder);
  const funnel = sqliteFunnel(db, folder);
  const ranges = sqliteRanges(db, folder);
  let background: { stop(): void } | undefined;

  return {
    async catchUp(maxRows) {
      return folder.fold(maxRows);
    },
    async pending() {
      return folder.pending();
    },
    linkStats: async (linkId, options) => {
      const range = options.range;
      return linkStats(linkId, options, range && (() => ranges.link(linkId, range, options.recentClicks)));
    },
    summary: async (options) => {
      const data = summary(options);
      return options.range ? { ...data, ...ranges.summary(options.range) } : data;
    },
    realtime: async (options) => realtime(options),
    live: async (options) => live(options),
    repeatVisitors: async (options) =>
      options.range ? ranges.repeatVisitors(options.range, options) : repeatVisitors(options),
    funnel: async (range) => (range ? ranges.funnel(range) : funnel()),
    clickPage: async (linkId, options) => ranges.clickPage(linkId, options),
    startBackgroundFolding(options) {
      background ??= foldInBackground(folder, () => (db.open ? (lastClickId.get() as number) : 0), options);
    },
    stopBackgroundFolding() {
      background?.stop();
      background = undefined;
    },
  };
}
