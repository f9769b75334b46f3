/**
 * AnalyticsQueries on SQLite: the panels (../../analytics/panels/, run by ../../analytics/runner.ts)
 * over the rollups (schema.ts) that the store's folder (rollups.ts) keeps, and the background fold.
 */

import { createAnalyticsQueries } from '../../analytics/runner';
import type { AnalyticsQueries } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import { type BackgroundFoldingOptions, foldInBackground } from './background';
import type { RollupFolder } from './rollups';

export interface SqliteAnalytics extends AnalyticsQueries {
  /** Starts folding pending clicks on a timer (the running service does; tests and scripts may not). */
  startBackgroundFolding(options?: BackgroundFoldingOptions): void;
  stopBackgroundFolding(): Promise<void>;
}

export function createSqliteAnalytics(db: SqliteDatabase, folder: RollupFolder): SqliteAnalytics {
  const lastClickId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM clicks').pluck();
  let background: { stop(): Promise<void> } | undefined;
  return {
    ...createAnalyticsQueries({ kind: 'sqlite', db, folder }),
    startBackgroundFolding(options) {
      background ??= foldInBackground(folder, () => (db.open ? (lastClickId.get() as number) : 0), options);
    },
    async stopBackgroundFolding() {
      const stopping = background?.stop();
      background = undefined;
      await stopping;
    },
  };
}
