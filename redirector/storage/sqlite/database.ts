/** Opens the SQLite file, sets the pragmas and brings the schema up to date. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type Migration, pendingMigrations, SCHEMA_MIGRATIONS_TABLE } from '../migration';
import { migrations as allMigrations } from './migrations';

export type SqliteDatabase = Database.Database;

export function openDatabase(file: string, migrations: readonly Migration[] = allMigrations): SqliteDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  // WAL + synchronous=NORMAL: a committed transaction survives the process being killed
  // (not a power loss), at the cost of no fsync per commit.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -8000');
  migrate(db, migrations);
  return db;
}

export function migrate(db: SqliteDatabase, migrations: readonly Migration[]): void {
  db.exec(SCHEMA_MIGRATIONS_TABLE);
  const applied = db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[];
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of pendingMigrations(migrations, applied)) {
    // The pragma is a no-op inside a transaction, so it is set around it.
    if (migration.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        if (migration.foreignKeysOff && (db.pragma('foreign_key_check') as unknown[]).length > 0) {
          throw new Error(`migration ${migration.version} (${migration.name}) broke a foreign key`);
        }
        record.run(migration.version, migration.name, Date.now());
      })();
    } finally {
      if (migration.foreignKeysOff) db.pragma('foreign_keys = ON');
    }
  }
}
