/**
 * What `me check` asks of a database: is it whole (SQLite's integrity and foreign key checks; on
 * PostgreSQL a working connection), does it hold every table and migration this version expects,
 * and how much does it hold. Also whether a PostgreSQL database holds Me's tables at all, asked
 * before the store is opened: opening migrates, and the command line must not create tables in
 * whatever schema a mistyped DATABASE_URL reaches.
 */
import pg from 'pg';
import { appliedVersionsRenumbered, type Migration, pendingMigrations } from './migration';
import { postgresMigrations, postgresRenumbered } from './migrations/postgres';
import { sqliteMigrations } from './migrations/sqlite';
import { connectionConfig, describeConnectionError, type PgPool } from './postgres/database';
import type { SqliteDatabase } from './sqlite/database';
import type { Store } from './store';

export interface DatabaseCounts {
  users: number;
  links: number;
  clicks: number;
  /**
   * Clicks stored but not folded into the analytics rollups yet; undefined while an upgrade is
   * pending (the tables that tell are the current schema's).
   */
  unfoldedClicks: number | undefined;
}

export interface DatabaseReport {
  /** What was found wrong, one line each; empty when the database is sound. */
  problems: string[];
  /** One line on the engine and where it is (server version, schema). */
  engine: string;
  schemaVersion: number;
  /** Versions this release would apply on the service's next start (`me check` applies none). */
  pendingUpgrade: number[];
  counts: DatabaseCounts;
}

/** Lines of integrity_check output shown at most; the rest are counted. */
const SHOWN_PROBLEMS = 10;

const COUNTS_SQL = `SELECT
  (SELECT COUNT(*) FROM users) AS users,
  (SELECT COUNT(*) FROM links) AS links,
  (SELECT COUNT(*) FROM clicks) AS clicks`;

/**
 * Every table the applied migrations leave: created, less those a later statement drops or renames
 * (a table rebuilt as `x_new` then renamed to `x`), so the schema check follows the migrations as they grow.
 */
function expectedTables(migrations: readonly Migration[]): string[] {
  const tables = new Set(['schema_migrations']);
  const statement =
    /CREATE TABLE (?:IF NOT EXISTS )?(\w+)|DROP TABLE (?:IF EXISTS )?(\w+)|ALTER TABLE (\w+) RENAME TO (\w+)/gi;
  for (const migration of migrations) {
    for (const match of migration.sql.matchAll(statement)) {
      const [, created, dropped, renamedFrom, renamedTo] = match.map((name) => name?.toLowerCase());
      if (created) tables.add(created);
      if (dropped) tables.delete(dropped);
      if (renamedFrom && renamedTo) {
        tables.delete(renamedFrom);
        tables.add(renamedTo);
      }
    }
  }
  return [...tables].sort();
}

/** Tables the applied migrations should have made; versions not applied yet are a pending upgrade, not a problem. */
function schemaProblems(migrations: readonly Migration[], tables: readonly string[], applied: readonly number[]) {
  const present = new Set(tables.map((table) => table.toLowerCase()));
  const done = new Set(applied);
  const expected = expectedTables(migrations.filter((migration) => done.has(migration.version)));
  const missing = expected.filter((table) => !present.has(table));
  return missing.length > 0 ? [`missing tables: ${missing.join(', ')}`] : [];
}

function isSqlite(store: Store): store is Store & { db: SqliteDatabase } {
  return store.kind === 'sqlite' && 'db' in store;
}

function isPostgres(store: Store): store is Store & { pool: PgPool } {
  return store.kind === 'postgres' && 'pool' in store;
}

function checkSqlite(db: SqliteDatabase): { problems: string[]; engine: string; applied: number[] } {
  const problems: string[] = [];
  const integrity = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  const lines = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok');
  for (const line of lines.slice(0, SHOWN_PROBLEMS)) problems.push(`integrity: ${line}`);
  if (lines.length > SHOWN_PROBLEMS) problems.push(`integrity: ${lines.length - SHOWN_PROBLEMS} more problems`);
  const orphans = (db.pragma('foreign_key_check') as unknown[]).length;
  if (orphans > 0) problems.push(`foreign keys: ${orphans} rows point at rows that do not exist`);
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[];
  const applied = db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[];
  problems.push(...schemaProblems(sqliteMigrations, tables, applied));
  const version = db.prepare('SELECT sqlite_version()').pluck().get() as string;
  return { problems, engine: `SQLite ${version}, ${db.name}`, applied };
}

async function checkPostgres(pool: PgPool): Promise<{ problems: string[]; engine: string; applied: number[] }> {
  const { rows } = await pool.query<{ version: string; schema: string }>(
    "SELECT current_setting('server_version') AS version, current_schema() AS schema",
  );
  const schema = rows[0]?.schema ?? '?';
  const tables = await pool.query<{ name: string }>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()',
  );
  const applied = await pool.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations');
  const versions = appliedVersionsRenumbered(applied.rows, postgresRenumbered);
  const problems = schemaProblems(
    postgresMigrations,
    tables.rows.map((row) => row.name),
    versions,
  );
  return { problems, engine: `PostgreSQL ${rows[0]?.version}, schema ${schema}`, applied: versions };
}

/**
 * The versions this release would apply on the service's next start, for a store opened with
 * `upgrade: false` (the command line's: it leaves upgrades to the service).
 */
export async function pendingUpgrade(store: Store): Promise<{ schemaVersion: number; pending: number[] }> {
  let applied: number[] = [];
  if (isSqlite(store)) applied = store.db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[];
  else if (isPostgres(store)) {
    const { rows } = await store.pool.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations',
    );
    applied = appliedVersionsRenumbered(rows, postgresRenumbered);
  }
  const migrations = isSqlite(store) ? sqliteMigrations : postgresMigrations;
  const pending = pendingMigrations(migrations, applied).map((migration) => migration.version);
  return { schemaVersion: Math.max(0, ...applied), pending };
}

export async function checkDatabase(store: Store): Promise<DatabaseReport> {
  let found: { problems: string[]; engine: string; applied: number[] };
  let counts: Omit<DatabaseCounts, 'unfoldedClicks'> | undefined;
  if (isSqlite(store)) {
    found = checkSqlite(store.db);
    counts = store.db.prepare(COUNTS_SQL).get() as typeof counts;
  } else if (isPostgres(store)) {
    found = await checkPostgres(store.pool);
    counts = (await store.pool.query<NonNullable<typeof counts>>(COUNTS_SQL)).rows[0];
  } else {
    throw new Error(`no check for a ${store.kind} store`);
  }
  const pendingUpgrade = pendingMigrations(isSqlite(store) ? sqliteMigrations : postgresMigrations, found.applied);
  return {
    problems: found.problems,
    engine: found.engine,
    schemaVersion: Math.max(0, ...found.applied),
    pendingUpgrade: pendingUpgrade.map((migration) => migration.version),
    counts: {
      users: counts?.users ?? 0,
      links: counts?.links ?? 0,
      clicks: counts?.clicks ?? 0,
      unfoldedClicks: pendingUpgrade.length > 0 ? undefined : await store.analytics.pending(),
    },
  };
}

/** The schema DATABASE_URL reaches when it holds Me's tables; throws a one-line Error otherwise. */
export async function findPostgresSchema(url: string): Promise<string> {
  const client = new pg.Client(connectionConfig(url));
  try {
    await client.connect();
    const { rows } = await client.query<{ schema: string | null; present: boolean }>(
      "SELECT current_schema() AS schema, to_regclass('schema_migrations') IS NOT NULL AS present",
    );
    const found = rows[0];
    if (!found?.present) {
      const refused = await schemasWithoutUsage(client);
      if (refused.role !== undefined && refused.schemas.length > 0) {
        throw new DatabasePermission(
          `permission denied: the role "${refused.role}" may not use schema ${refused.schemas.join(', ')} ` +
            "(grant it USAGE and the tables' rights, or connect as the service's role)",
        );
      }
      throw new MissingDatabase(
        `DATABASE_URL reaches no Me database (no schema_migrations table in schema ${found?.schema ?? '(none)'}): ` +
          'start the service once, or check the URL and its search_path',
      );
    }
    return found.schema ?? '';
  } catch (error) {
    if (error instanceof MissingDatabase || error instanceof DatabasePermission) throw error;
    throw new Error(describeConnectionError(error, url));
  } finally {
    await client.end().catch(() => undefined);
  }
}

export class MissingDatabase extends Error {}

/** The database is there, but DATABASE_URL's role may not reach it. */
export class DatabasePermission extends Error {}

/**
 * The schemas of the search_path that exist but that the role may not use: PostgreSQL leaves them
 * out of the path silently, so Me's tables there look missing rather than refused.
 */
async function schemasWithoutUsage(client: pg.Client): Promise<{ role: string | undefined; schemas: string[] }> {
  const { rows } = await client.query<{ role: string; path: string }>(
    "SELECT current_user AS role, current_setting('search_path') AS path",
  );
  const role = rows[0]?.role;
  const names = searchPathNames(rows[0]?.path ?? '', role ?? '');
  const refused = await client.query<{ name: string }>(
    "SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1) AND NOT has_schema_privilege(oid, 'USAGE') ORDER BY nspname",
    [names],
  );
  return { role, schemas: refused.rows.map((row) => row.name) };
}

/** The schema names of a search_path setting: quoted ones as written, others lower-cased, $user the role. */
function searchPathNames(searchPath: string, role: string): string[] {
  return searchPath
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      if (part === '"$user"' || part === '$user') return role;
      if (part.startsWith('"') && part.endsWith('"') && part.length >= 2)
        return part.slice(1, -1).replaceAll('""', '"');
      return part.toLowerCase();
    });
}
