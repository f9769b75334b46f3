/**
 * What a start does with the schema (docs/api.md#migrations), on both engines: it logs the schema
 * version and each migration it applies, refuses a schema newer than it knows in one line naming
 * both versions, and `me check` changes nothing (it reports the pending upgrade instead).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCommand } from '../../../../redirector/cli/commands/check';
import type { Migration } from '../../../../redirector/storage/migration';
import { postgresMigrations } from '../../../../redirector/storage/migrations/postgres';
import { sqliteMigrations } from '../../../../redirector/storage/migrations/sqlite';
import { SQLITE_FILE } from '../../../../redirector/storage/openStore';
import { createPool } from '../../../../redirector/storage/postgres/database';
import { migrate } from '../../../../redirector/storage/postgres/migrate';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { openDatabase } from '../../../../redirector/storage/sqlite/database';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { postgresHarness, sqliteHarness } from '../../../helpers/migrationHarness';
import { createTestSchema } from '../../../helpers/postgres';
import { runToExit } from '../../../helpers/serverProcess';
import { repoRoot } from '../../../helpers/sourceScan';
import { makeTempDir } from '../../../helpers/testServer';

interface Place {
  env: Record<string, string>;
  /** Opens the store as the service does, its schema lines passed to `log`. */
  open(log: (line: string) => void): Promise<Store>;
  /** Applies `migrations` as a start would, without opening a store. */
  migrate(migrations: readonly Migration[]): Promise<void>;
  query(sql: string): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

async function sqlitePlace(): Promise<Place> {
  const dataDir = makeTempDir('me-runner-');
  const file = path.join(dataDir, SQLITE_FILE);
  return {
    env: { DATA_DIR: dataDir },
    open: async (log) => createSqliteStore(file, { backgroundWork: false, schemaLog: log }),
    async migrate(migrations) {
      openDatabase(file, migrations).close();
    },
    async query(sql) {
      const db = new Database(file);
      try {
        const statement = db.prepare(sql);
        if (!statement.reader) statement.run();
        return statement.reader ? (statement.all() as Record<string, unknown>[]) : [];
      } finally {
        db.close();
      }
    },
    drop: async () => undefined,
  };
}

async function postgresPlace(): Promise<Place> {
  const schema = await createTestSchema();
  return {
    env: { DATA_DIR: makeTempDir('me-runner-'), DATABASE_URL: schema.url },
    open: (log) => createPostgresStore(schema.url, { schemaLog: log }),
    async migrate(migrations) {
      const pool = createPool(schema.url, () => undefined);
      try {
        await migrate(pool, migrations);
      } finally {
        await pool.end();
      }
    },
    query: (sql) => schema.query(sql),
    drop: () => schema.drop(),
  };
}

async function runCheck(env: Record<string, string>) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.on('data', (chunk) => err.push(String(chunk)));
  const code = await checkCommand.run(
    { values: {}, positionals: [] },
    { env, stdout, stderr, stdin: new PassThrough() },
  );
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const engines: [string, () => Promise<Place>, readonly Migration[]][] = [
  ['sqlite', sqlitePlace, sqliteMigrations],
  ['postgres', postgresPlace, postgresMigrations],
];

describe.each(engines)('the schema on %s', (_engine, place, migrations) => {
  const latest = migrations.length;
  const places: Place[] = [];
  const stores: Store[] = [];
  const fresh = async () => {
    const made = await place();
    places.push(made);
    return made;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const made of places.splice(0)) await made.drop();
  });

  it('is logged on every start: each migration applied, then the version', async () => {
    const where = await fresh();
    await where.migrate(migrations.slice(0, latest - 2));
    const lines: string[] = [];
    stores.push(await where.open((line) => lines.push(line)));
    const [before, last] = migrations.slice(latest - 2);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^applied schema migration ${before?.version} \\(${before?.name}\\) in \\d+ ms$`),
      ),
      expect.stringMatching(new RegExp(`^applied schema migration ${last?.version} \\(${last?.name}\\) in \\d+ ms$`)),
      `database schema at version ${latest}`,
    ]);
    await stores.pop()?.close();
    lines.length = 0;
    stores.push(await where.open((line) => lines.push(line)));
    expect(lines).toEqual([`database schema at version ${latest}`]);
  });

  it('refuses to start when newer than this code knows, in one line naming both versions', async () => {
    const where = await fresh();
    await where.migrate(migrations);
    await where.query(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${latest + 1}, 'next', 0)`);
    const opening = where.open(() => undefined);
    await expect(opening).rejects.toThrow(
      `the database's schema is at version ${latest + 1}, newer than this version of Me knows (${latest}): ` +
        'run the release that upgraded it, or restore a backup taken before',
    );
    await expect(opening).rejects.not.toThrow(/\n/);
  });

  it('is only looked at by me check, which reports the pending upgrade', async () => {
    const where = await fresh();
    await where.migrate(migrations.slice(0, latest - 1));
    const schemaBefore = await where.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
    const run = await runCheck(where.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`schema version: ${latest - 1}\n`);
    expect(run.stdout).toContain(
      `upgrade pending: migrations ${latest} (the service applies them when it next starts)\n`,
    );
    expect(await where.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')).toEqual(
      schemaBefore,
    );
  });
});

/** The migrations of some real releases (tests/fixtures/migrations), with what the next start applies. */
function releases(engine: string): [string, Migration[]][] {
  const folder = path.join(repoRoot, 'tests/fixtures/migrations');
  return fs
    .readdirSync(folder)
    .filter((file) => file.startsWith(`${engine}-`))
    .map((file) => [
      file,
      (JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { migrations: Migration[] }).migrations,
    ]);
}

describe.each(engines)('me check on a database of a real release on %s', (engine, place) => {
  const places: Place[] = [];
  afterEach(async () => {
    for (const made of places.splice(0)) await made.drop();
  });

  // An operator runs it before an upgrade: the release's database lacks the tables the current
  // code's rollups and queues name (it failed with "no such table: link_day_returns" on SQLite,
  // "relation clicks_unfolded does not exist" or a renumbered 14 read as missing tables on PostgreSQL).
  it.each(releases(engine))(
    '%s: reports the pending upgrade, finds no problem and changes nothing',
    async (file, old) => {
      const where = await place();
      places.push(where);
      await where.migrate(old);
      await where.query(
        "INSERT INTO users (name, email, password_hash, created_at) VALUES ('Ann', 'ann@example.com', 'x', 1)",
      );
      const before = await where.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
      const run = await runCheck(where.env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /\nupgrade pending: migrations \d+(, \d+)* \(the service applies them when it next starts\)\nusers: 1\n/,
      );
      expect(run.stdout).toContain(
        '\nclicks not folded into the analytics yet: counted once the service has upgraded the database\n',
      );
      expect(await where.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')).toEqual(
        before,
      );
      // That release recorded 'ranged repeat visitors' as 14: a start moves it to 15, then applies 14.
      if (file === 'postgres-e361363.json') expect(run.stdout).toContain('upgrade pending: migrations 14, 16, 17,');
    },
  );
});

describe('the built server', () => {
  it('refuses to start on a newer schema, one line naming both versions, and exits 1', async () => {
    const dataDir = makeTempDir('me-runner-');
    const db = openDatabase(path.join(dataDir, SQLITE_FILE));
    const next = sqliteMigrations.length + 1;
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'next', 0)").run(next);
    db.close();
    const run = await runToExit({ DATA_DIR: dataDir, LOG_FORMAT: 'text' });
    expect(run.code).toBe(1);
    const refusal = (run.stdout + run.stderr).split('\n').filter((line) => line.includes('newer than'));
    expect(refusal).toEqual([
      expect.stringContaining(
        `the database's schema is at version ${next}, newer than this version of Me knows (${next - 1})`,
      ),
    ]);
  });
});

describe('SQLite migrations', () => {
  it('are rolled back when they leave rows pointing at rows that do not exist', async () => {
    const file = path.join(makeTempDir('me-runner-'), SQLITE_FILE);
    const db = openDatabase(file);
    db.prepare(
      "INSERT INTO users (name, email, password_hash, created_at) VALUES ('Ann', 'ann@example.com', 'h', 0)",
    ).run();
    db.prepare(
      "INSERT INTO links (user_id, target_url, short_code, created_at) VALUES (1, 'https://x/', 'a', 0)",
    ).run();
    db.close();
    const next = sqliteMigrations.length + 1;
    const orphaning = [...sqliteMigrations, { version: next, name: 'orphans', sql: 'DELETE FROM users' }];
    // Ann's link, her personal team (made with her account) and her membership of it.
    expect(() => openDatabase(file, orphaning)).toThrow(
      `migration ${next} (orphans) failed: 3 rows would point at rows that do not exist`,
    );
    const reopened = openDatabase(file);
    expect(reopened.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(1);
    expect(reopened.pragma('foreign_keys', { simple: true })).toBe(1);
    reopened.close();
  });
});

describe.each([
  ['sqlite', async () => sqliteHarness()],
  ['postgres', postgresHarness],
] as const)('a migration with onlyIf on %s', (_engine, open) => {
  it('runs its SQL only when the query finds a row, and is recorded either way', async () => {
    const db = await open();
    try {
      await db.migrate([
        { version: 1, name: 'skipped', onlyIf: 'SELECT 1 WHERE 1 = 0', sql: 'CREATE TABLE skipped (a INTEGER)' },
        { version: 2, name: 'run', onlyIf: 'SELECT 1', sql: 'CREATE TABLE made (a INTEGER)' },
      ]);
      expect(await db.tables()).toEqual(['made', 'schema_migrations']);
      expect((await db.rows('schema_migrations')).map((row) => Number(row.version))).toEqual([1, 2]);
    } finally {
      await db.close();
    }
  });
});
