import { createApiKeyRepository } from '../repositories/apiKeyRepository';
import { createClickRepository } from '../repositories/clickRepository';
import { sqliteLinkCounts } from '../repositories/linkCounts';
import { createLinkRepository } from '../repositories/linkRepository';
import { createSessionRepository } from '../repositories/sessionRepository';
import { createUserRepository } from '../repositories/userRepository';
import type { Store } from '../store';
import { rollupFolder } from './analytics/rollups';
import { createSqliteAnalytics, type SqliteAnalytics } from './analytics/sqliteAnalytics';
import { startCheckpointer } from './checkpointer';
import { sqliteClickInserts } from './clickInserts';
import { openDatabase, type SqliteDatabase } from './database';
import { createSqliteExecutor } from './sqliteExecutor';

export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  /** The open connection, for the storage layer's own modules (analytics queries). */
  readonly db: SqliteDatabase;
  readonly analytics: SqliteAnalytics;
}

export function createSqliteStore(file: string): SqliteStore {
  const db = openDatabase(file);
  const checkpointer = startCheckpointer(db);
  const executor = createSqliteExecutor(db);
  const analytics = createSqliteAnalytics(db);
  const linkCounts = sqliteLinkCounts(executor, rollupFolder(db));
  analytics.startBackgroundFolding();
  return {
    kind: 'sqlite',
    db,
    users: createUserRepository(executor, linkCounts),
    sessions: createSessionRepository(executor),
    apiKeys: createApiKeyRepository(executor),
    links: createLinkRepository(executor, linkCounts),
    clicks: createClickRepository(executor, sqliteClickInserts(db)),
    analytics,
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      analytics.stopBackgroundFolding();
      await checkpointer.stop();
      if (db.open) {
        db.pragma('optimize');
        db.close();
      }
    },
  };
}
