/**
 * A versioned schema change. Each engine keeps its own list (sqlite/migrations.ts,
 * postgres/migrations.ts), applied in order on start, each in its own transaction and recorded in
 * `schema_migrations`. Append new versions at the end; never edit one that has shipped.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * SQLite only: run with foreign keys off (then checked), as a table rebuild must be, or dropping
   * the old table would delete every row that refers to it.
   */
  foreignKeysOff?: boolean;
}

/** The SQL of the table both engines record applied versions in. */
export const SCHEMA_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;

/** The migrations not applied yet, lowest version first. */
export function pendingMigrations(migrations: readonly Migration[], applied: Iterable<number>): Migration[] {
  const done = new Set(applied);
  return migrations.filter((migration) => !done.has(migration.version)).sort((a, b) => a.version - b.version);
}
