/**
 * Brings the schema up to date on start. Several instances may start at once against one
 * database: a session advisory lock (per schema) lets one of them migrate while the others wait,
 * then find every version applied and do nothing.
 */

import { type Migration, pendingMigrations, SCHEMA_MIGRATIONS_TABLE } from '../migration';
import type { PgPool } from './database';

// Keyed by schema, so that instances on different schemas of one database don't wait for each other.
const LOCK_KEY = `hashtextextended('me:schema_migrations:' || COALESCE(current_schema(), ''), 0)`;

export async function migrate(pool: PgPool, migrations: readonly Migration[]): Promise<number[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
    if (rows[0]?.schema == null) {
      throw new Error('no schema to create the tables in (check search_path in DATABASE_URL)');
    }
    await client.query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
    try {
      await client.query(SCHEMA_MIGRATIONS_TABLE);
      const applied = (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows;
      const done: number[] = [];
      for (const migration of pendingMigrations(
        migrations,
        applied.map((row) => row.version),
      )) {
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
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
        done.push(migration.version);
      }
      return done;
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
