/** Opens the SQLite file, sets the pragmas and brings the schema up to date. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations as allMigrations, type Migration } from './migrations';

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
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    })();
  }
}
