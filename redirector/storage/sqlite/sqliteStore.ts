import type { Store } from '../store';
import { createSqliteAnalytics, type SqliteAnalytics } from './analytics/sqliteAnalytics';
import { startCheckpointer } from './checkpointer';
import { createClickRepository } from './clickRepository';
import { openDatabase, type SqliteDatabase } from './database';
import { createLinkRepository } from './linkRepository';
import { createSessionRepository } from './sessionRepository';
import { createUserRepository } from './userRepository';

export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  /** The open connection, for the storage layer's own modules (analytics queries). */
  readonly db: SqliteDatabase;
  readonly analytics: SqliteAnalytics;
}

export function createSqliteStore(file: string): SqliteStore {
  const db = openDatabase(file);
  const checkpointer = startCheckpointer(db);
  const analytics = createSqliteAnalytics(db);
  analytics.startBackgroundFolding();
  return {
    kind: 'sqlite',
    db,
    users: createUserRepository(db),
    sessions: createSessionRepository(db),
    links: createLinkRepository(db),
    clicks: createClickRepository(db),
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
