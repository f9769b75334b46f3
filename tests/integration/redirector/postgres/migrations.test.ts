/** PostgreSQL migrations: applied once, idempotent, safe when several instances start together. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresMigrations as pgMigrations } from '../../../../redirector/storage/migrations/postgres';
import { createPool, type PgPool } from '../../../../redirector/storage/postgres/database';
import { migrate } from '../../../../redirector/storage/postgres/migrate';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createTestSchema, type TestSchema, withSearchPath } from '../../../helpers/postgres';

const VERSIONS = pgMigrations.map((migration) => migration.version);

describe('PostgreSQL migrations', () => {
  let schema: TestSchema;
  const pools: PgPool[] = [];

  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.end();
    await schema.drop();
  });

  function pool(): PgPool {
    const opened = createPool(schema.url, () => undefined);
    pools.push(opened);
    return opened;
  }

  it('are numbered 1, 2, ... in order', () => {
    expect(VERSIONS).toEqual(VERSIONS.map((_, index) => index + 1));
  });

  it('apply every version once, then nothing on the next start', async () => {
    expect(await migrate(pool(), pgMigrations)).toEqual(VERSIONS);
    const applied = await schema.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
    expect(applied.map((row) => row.version)).toEqual(VERSIONS);
    expect(await migrate(pool(), pgMigrations)).toEqual([]);
    expect(await schema.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')).toEqual(
      applied,
    );
  });

  it('let one of several instances starting at once migrate, and all of them start', async () => {
    const stores = await Promise.all(Array.from({ length: 4 }, () => createPostgresStore(schema.url)));
    try {
      const rows = await schema.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual(VERSIONS);
      for (const store of stores) await expect(store.ping()).resolves.toBeUndefined();
      const link = await stores[0]!.links.create({
        user_id: null,
        title: '',
        target_url: 'https://example.com/',
        short_code: 'shared',
        enable_tiktok_bypass: false,
        enable_country_redirect: false,
        country_redirect_url: null,
        enable_instagram_exit: false,
        instagram_exit_url: null,
        created_at: 1,
      });
      expect(await stores[3]!.links.findByShortCode('shared')).toEqual(link);
    } finally {
      for (const store of stores) await store.close();
    }
  });

  it('roll a failing migration back, name it, and release the lock', async () => {
    const broken = [...pgMigrations, { version: VERSIONS.length + 1, name: 'broken', sql: 'CREATE TABLE nope (' }];
    await expect(migrate(pool(), broken)).rejects.toThrow(`migration ${VERSIONS.length + 1} (broken) failed`);
    const rows = await schema.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(VERSIONS);
    // The advisory lock went with the failed connection: another start is not held up.
    expect(await migrate(pool(), pgMigrations)).toEqual([]);
  });

  it('refuse a search_path without a schema, saying so', async () => {
    const missing = withSearchPath(schema.url, `${schema.schema}_missing`);
    await expect(createPostgresStore(missing)).rejects.toThrow(
      /no schema to create the tables in \(check search_path in DATABASE_URL\)/,
    );
  });
});
