/** Picks the store the configuration asks for. */
import path from 'node:path';
import type { Config } from '../config';
import { createSqliteStore } from './sqlite/sqliteStore';
import type { Store } from './store';

export const SQLITE_FILE = 'me.sqlite';

export async function openStore(config: Config, dataDir: string): Promise<Store> {
  if (config.databaseUrl !== undefined) {
    throw new Error('DATABASE_URL (PostgreSQL) is not supported by this build yet; unset it to use SQLite');
  }
  return createSqliteStore(path.join(dataDir, SQLITE_FILE));
}
