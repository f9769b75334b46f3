/** Opens the SQLite file, sets the pragmas and brings the schema up to date. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  appliedLine,
  type Migration,
  type MigrationOptions,
  pendingMigrations,
  refuseNewerSchema,
  SCHEMA_MIGRATIONS_TABLE,
  schemaVersionLine,
} from '../migration';
import { sqliteMigrations } from '../migrations/sqlite';
import { foldCase } from '../repositories/textSearch';

export type SqliteDatabase = Database.Database;

export function openDatabase(
  file: string,
  migrations: readonly Migration[] = sqliteMigrations,
  options: MigrationOptions = {},
): SqliteDatabase {
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
  db.function('unicode_lower', { deterministic: true }, unicodeLower);
  try {
    migrate(db, migrations, options);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * LOWER as PostgreSQL's, every letter folded (SQLite's own folds only A-Z), as foldCase folds: searches
 * whose text has other letters fold the columns with it (repositories/textSearch.ts).
 */
function unicodeLower(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return foldCase(typeof value === 'string' ? value : String(value));
}

/** Applies the pending migrations (docs/api.md#migrations); returns the versions applied. */
export function migrate(
  db: SqliteDatabase,
  migrations: readonly Migration[],
  options: MigrationOptions = {},
): number[] {
  const upgrade = options.upgrade ?? true;
  if (upgrade) db.exec(SCHEMA_MIGRATIONS_TABLE);
  const recorded = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'").get();
  const applied = recorded ? (db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]) : [];
  refuseNewerSchema(migrations, applied);
  const pending = pendingMigrations(migrations, applied);
  if (!upgrade) {
    options.log?.(schemaVersionLine(applied, pending));
    return [];
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  // SQLite's way to change a table's definition is to make it again, which a foreign key's cascade
  // would empty its children for: keys are off while migrations run and checked before each commit.
  const foreignKeys = db.pragma('foreign_keys', { simple: true });
  db.pragma('foreign_keys = OFF');
  try {
    for (const migration of pending) {
      const started = performance.now();
      try {
        db.transaction(() => {
          if (migration.onlyIf === undefined || db.prepare(migration.onlyIf).get() !== undefined)
            db.exec(migration.sql);
          const broken = (db.pragma('foreign_key_check') as unknown[]).length;
          if (broken > 0) throw new Error(`${broken} rows would point at rows that do not exist`);
          record.run(migration.version, migration.name, Date.now());
        })();
      } catch (error) {
        throw new Error(
          `migration ${migration.version} (${migration.name}) failed: ${error instanceof Error ? error.message : error}`,
        );
      }
      options.log?.(appliedLine(migration, performance.now() - started));
    }
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
  const done = pending.map((migration) => migration.version);
  options.log?.(schemaVersionLine([...applied, ...done], []));
  return done;
}
