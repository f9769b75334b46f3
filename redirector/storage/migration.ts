/**
 * A versioned schema change. Each engine keeps its list in migrations/<engine>/, one frozen file a
 * version (docs/api.md#migrations), applied in order on start, each in its own transaction and
 * recorded in `schema_migrations`. Append new versions at the end; never edit one that has shipped.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * A query that finds a row when `sql` must run; without one it always runs. A repair of what
   * only some databases have (sqlite/013) is recorded as applied either way.
   */
  onlyIf?: string;
}

/** A migration a release applied under another version number (migrations/postgres/index.ts). */
export interface Renumbered {
  name: string;
  from: number;
  to: number;
}

/** What a start does to the schema: `upgrade: false` (the command line's `me check`) changes nothing. */
export interface MigrationOptions {
  upgrade?: boolean;
  /** One line for the schema version and one for each migration applied. */
  log?: (line: string) => void;
}

/** The SQL of the table both engines record applied versions in. */
export const SCHEMA_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;

/**
 * The versions `schema_migrations` records, as the runner reads them once it has moved each
 * renumbered record (a record is moved when its new number is free): what `me check` reports
 * without changing the table.
 */
export function appliedVersionsRenumbered(
  rows: readonly { version: number; name: string }[],
  renumbered: readonly Renumbered[],
): number[] {
  const versions = new Set(rows.map((row) => Number(row.version)));
  return rows.map((row) => {
    const version = Number(row.version);
    const moved = renumbered.find((entry) => entry.name === row.name && entry.from === version);
    return moved && !versions.has(moved.to) ? moved.to : version;
  });
}

/** The migrations not applied yet, lowest version first. */
export function pendingMigrations(migrations: readonly Migration[], applied: Iterable<number>): Migration[] {
  const done = new Set(applied);
  return migrations.filter((migration) => !done.has(migration.version)).sort((a, b) => a.version - b.version);
}

/** The highest version of `migrations`: the schema version this code knows. */
export function knownVersion(migrations: readonly Migration[]): number {
  return Math.max(0, ...migrations.map((migration) => migration.version));
}

/**
 * Throws when the database holds a version this code does not know: a newer release migrated it,
 * and running older code over that schema could lose data.
 */
export function refuseNewerSchema(migrations: readonly Migration[], applied: readonly number[]): void {
  const database = Math.max(0, ...applied);
  const known = knownVersion(migrations);
  if (database > known) {
    throw new Error(
      `the database's schema is at version ${database}, newer than this version of Me knows (${known}): ` +
        'run the release that upgraded it, or restore a backup taken before',
    );
  }
}

/** The line a start logs once the schema is settled. */
export function schemaVersionLine(applied: readonly number[], pending: readonly Migration[]): string {
  const version = Math.max(0, ...applied);
  if (pending.length === 0) return `database schema at version ${version}`;
  return `database schema at version ${version}, upgrade pending: ${pending.map((m) => m.version).join(', ')}`;
}

export function appliedLine(migration: Migration, ms: number): string {
  return `applied schema migration ${migration.version} (${migration.name}) in ${Math.round(ms)} ms`;
}
