/** Picks the store the configuration asks for: PostgreSQL when DATABASE_URL is set, else SQLite. */
import path from 'node:path';
import type { Config } from '../config';
import { createPostgresStore } from './postgres/postgresStore';
import { createSqliteStore, type SqliteStoreOptions } from './sqlite/sqliteStore';
import { SQLITE_FILE } from './sqliteFile';
import type { Store } from './store';

export { SQLITE_FILE };

/** Rejects with one line saying what is wrong (bad URL, server unreachable, failed migration). */
export async function openStore(config: Config, dataDir: string, options: SqliteStoreOptions = {}): Promise<Store> {
  // The running service deletes old clicks; a short-lived process beside it leaves that to it.
  const days = options.backgroundWork === false ? undefined : config.clickRetentionDays;
  const retention = days === undefined ? undefined : { days };
  if (config.databaseUrl !== undefined) {
    const { upgrade, schemaLog } = options;
    const replicas = options.backgroundWork === false ? undefined : config.replicas;
    return createPostgresStore(config.databaseUrl, { retention, upgrade, schemaLog, replicas });
  }
  return createSqliteStore(path.join(dataDir, SQLITE_FILE), { ...options, retention });
}
