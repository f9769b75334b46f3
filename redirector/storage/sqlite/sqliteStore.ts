import { deleteOldClicksInBackground, type RetentionOptions, sqliteOldClickDeleter } from '../clickRetention';
import { createClickRepository } from '../repositories/clickRepository';
import { createRecentClicks } from '../repositories/recentClicks';
import type { Store } from '../store';
import { createStoreRepositories } from '../storeRepositories';
import { createRollupFolder } from './analytics/rollups';
import { createSqliteAnalytics, type SqliteAnalytics } from './analytics/sqliteAnalytics';
import { watchOutsideCommits } from './changeWatcher';
import { startCheckpointer } from './checkpointer';
import { sqliteClickInserts } from './clickInserts';
import { openDatabase, type SqliteDatabase } from './database';
import { watchLinkChanges } from './linkChanges';
import { createSqliteExecutor } from './sqliteExecutor';

export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  /** The open connection, for the storage layer's own modules (analytics queries). */
  readonly db: SqliteDatabase;
  readonly analytics: SqliteAnalytics;
}

export interface SqliteStoreOptions {
  /**
   * WAL checkpoints and rollup folding while the store is open (default true). A short-lived
   * process beside the running service (the command line) leaves that work to the service.
   */
  backgroundWork?: boolean;
  /** CLICK_RETENTION_DAYS: old clicks deleted in the background (with backgroundWork only). */
  retention?: RetentionOptions;
  /** false: the schema is only looked at, never changed (`me check`). */
  upgrade?: boolean;
  /** The schema version and each migration applied, a line each (docs/api.md#migrations). */
  schemaLog?: (line: string) => void;
}

export function createSqliteStore(file: string, options: SqliteStoreOptions = {}): SqliteStore {
  const backgroundWork = options.backgroundWork ?? true;
  const db = openDatabase(file, undefined, { upgrade: options.upgrade, log: options.schemaLog });
  const checkpointer = backgroundWork ? startCheckpointer(db) : undefined;
  const executor = createSqliteExecutor(db);
  // The fold's state, shared by everything that folds before it reads.
  const folder = createRollupFolder(db);
  // The panels and the click inserts prepare their statements at first use: `me check` (upgrade:
  // false) may open a database a migration behind, whose tables lack columns they name.
  const analytics = createSqliteAnalytics(db, folder);
  if (backgroundWork) analytics.startBackgroundFolding();
  const retention =
    backgroundWork && options.retention
      ? deleteOldClicksInBackground(sqliteOldClickDeleter(db), options.retention)
      : undefined;
  const outsideCommits = watchOutsideCommits(db);
  // The events' latest clicks, handed over by the click writer, and their links' columns kept
  // until a link changes (repositories/recentClicks.ts, linkChanges.ts).
  const recentClicks = createRecentClicks(executor, undefined, undefined, watchLinkChanges(db));
  const fold = () => folder.foldBeforeRead();
  return {
    kind: 'sqlite',
    db,
    ...createStoreRepositories(executor, fold, { executor, fold }, recentClicks),
    clicks: createClickRepository(executor, sqliteClickInserts(db, recentClicks)),
    analytics,
    onLinkChanged: (listener) => outsideCommits.subscribe(listener),
    onDomainsChanged: (listener) => outsideCommits.subscribe(() => listener()),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      outsideCommits.stop();
      await retention?.stop();
      await analytics.stopBackgroundFolding();
      await checkpointer?.stop();
      if (db.open) {
        db.pragma('optimize');
        db.close();
      }
    },
  };
}
