/**
 * Brings the schema up to date on start (docs/api.md#migrations). Several instances may start at
 * once against one database: a session advisory lock (per schema) lets one of them migrate while
 * the others wait, then find every version applied and do nothing.
 */

import {
  appliedLine,
  appliedVersionsRenumbered,
  type Migration,
  type MigrationOptions,
  pendingMigrations,
  type Renumbered,
  refuseNewerSchema,
  SCHEMA_MIGRATIONS_TABLE,
  schemaVersionLine,
} from '../migration';
import { postgresMigrations, postgresRenumbered } from '../migrations/postgres';
import type { PgClient, PgPool } from './database';

// Keyed by schema, so that instances on different schemas of one database don't wait for each other.
const LOCK_KEY = `hashtextextended('me:schema_migrations:' || COALESCE(current_schema(), ''), 0)`;

export interface PostgresMigrationOptions extends MigrationOptions {
  renumbered?: readonly Renumbered[];
}

/** Applies the pending migrations; returns the versions applied. */
export async function migrate(
  pool: PgPool,
  migrations: readonly Migration[] = postgresMigrations,
  options: PostgresMigrationOptions = {},
): Promise<number[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
    if (rows[0]?.schema == null) {
      throw new Error('no schema to create the tables in (check search_path in DATABASE_URL)');
    }
    if (options.upgrade === false)
      return await lookOnly(client, migrations, options.renumbered ?? postgresRenumbered, options);
    await client.query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
    try {
      return await applyPending(client, migrations, options);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // The connection held a session lock: on any failure it is closed rather than reused.
    client.release(broken);
  }
}

async function appliedVersions(client: PgClient): Promise<number[]> {
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
  return rows.map((row) => Number(row.version));
}

/** `upgrade: false`: the versions as the runner would read them, renumbered ones moved (nothing written). */
async function lookOnly(
  client: PgClient,
  migrations: readonly Migration[],
  renumbered: readonly Renumbered[],
  options: MigrationOptions,
) {
  const found = await client.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  const recorded = found.rows[0]?.present
    ? (await client.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations')).rows
    : [];
  const applied = appliedVersionsRenumbered(recorded, renumbered);
  refuseNewerSchema(migrations, applied);
  options.log?.(schemaVersionLine(applied, pendingMigrations(migrations, applied)));
  return [];
}

async function applyPending(
  client: PgClient,
  migrations: readonly Migration[],
  options: PostgresMigrationOptions,
): Promise<number[]> {
  await client.query(SCHEMA_MIGRATIONS_TABLE);
  for (const { name, from, to } of options.renumbered ?? postgresRenumbered) {
    await client.query(
      `UPDATE schema_migrations SET version = $3 WHERE version = $2 AND name = $1
         AND NOT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $3)`,
      [name, from, to],
    );
  }
  const applied = await appliedVersions(client);
  refuseNewerSchema(migrations, applied);
  const done: number[] = [];
  for (const migration of pendingMigrations(migrations, applied)) {
    const started = performance.now();
    await client.query('BEGIN');
    try {
      const needed = migration.onlyIf === undefined || (await client.query(migration.onlyIf)).rows.length > 0;
      if (needed) await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(
        `migration ${migration.version} (${migration.name}) failed: ${error instanceof Error ? error.message : error}`,
      );
    }
    options.log?.(appliedLine(migration, performance.now() - started));
    done.push(migration.version);
  }
  options.log?.(schemaVersionLine([...applied, ...done], []));
  return done;
}
