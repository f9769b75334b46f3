/**
 * docs/api.md#the-command-line: `me` never upgrades a database. A release's new build is in place
 * before its service restarts, and the older service may still run on the database: a command that
 * migrated it (as `me users list` did) would change the schema under that service. A command that
 * works on the data refuses a database with migrations pending, in one line, and changes nothing;
 * `me check` reports them (migrationRunner.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Command } from '../../../../redirector/cli/command';
import { linksExportCommand } from '../../../../redirector/cli/commands/links';
import { usersListCommand } from '../../../../redirector/cli/commands/users';
import type { Migration } from '../../../../redirector/storage/migration';
import { postgresMigrations } from '../../../../redirector/storage/migrations/postgres';
import { sqliteMigrations } from '../../../../redirector/storage/migrations/sqlite';
import { SQLITE_FILE } from '../../../../redirector/storage/openStore';
import { createPool } from '../../../../redirector/storage/postgres/database';
import { migrate } from '../../../../redirector/storage/postgres/migrate';
import { openDatabase } from '../../../../redirector/storage/sqlite/database';
import { createTestSchema } from '../../../helpers/postgres';
import { repoRoot } from '../../../helpers/sourceScan';
import { makeTempDir } from '../../../helpers/testServer';

/** A real release's migrations (tests/fixtures/migrations). */
const release = (file: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/migrations', file), 'utf8')) as {
      migrations: Migration[];
    }
  ).migrations;

interface Place {
  env: Record<string, string>;
  versions(): Promise<number[]>;
  drop(): Promise<void>;
}

async function sqliteRelease(): Promise<Place> {
  const dataDir = makeTempDir('me-older-');
  const file = path.join(dataDir, SQLITE_FILE);
  openDatabase(file, release('sqlite-8303c2c.json')).close();
  return {
    env: { DATA_DIR: dataDir },
    async versions() {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[];
      } finally {
        db.close();
      }
    },
    drop: async () => undefined,
  };
}

async function postgresRelease(): Promise<Place> {
  const schema = await createTestSchema();
  const pool = createPool(schema.url, () => undefined);
  try {
    await migrate(pool, release('postgres-711489b.json'));
  } finally {
    await pool.end();
  }
  return {
    env: { DATA_DIR: makeTempDir('me-older-'), DATABASE_URL: schema.url },
    async versions() {
      const rows = await schema.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      return rows.map((row) => Number(row.version));
    },
    drop: () => schema.drop(),
  };
}

async function run(command: Command, env: Record<string, string>) {
  const [stdout, stderr] = [new PassThrough(), new PassThrough()];
  const out: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.resume();
  try {
    const code = await command.run({ values: {}, positionals: [] }, { env, stdout, stderr, stdin: new PassThrough() });
    return { code, stdout: out.join(''), error: '' };
  } catch (error) {
    return { code: (error as { exitCode?: number }).exitCode, stdout: out.join(''), error: (error as Error).message };
  }
}

describe.each([
  ['sqlite', sqliteRelease, 10, sqliteMigrations.length],
  ['postgres', postgresRelease, 15, postgresMigrations.length],
])('a database of an earlier release on %s', (_engine, place, version, known) => {
  const places: Place[] = [];
  afterEach(async () => {
    for (const made of places.splice(0)) await made.drop();
  });

  it('is refused by the commands that work on the data, in one line, and left as it was', async () => {
    const where = await place();
    places.push(where);
    const before = await where.versions();
    expect(Math.max(...before)).toBe(version);
    for (const command of [usersListCommand, linksExportCommand]) {
      const answer = await run(command, where.env);
      expect(answer, command.name).toEqual({
        code: 1,
        stdout: '',
        error:
          `the database's schema is at version ${version}, this release's at ${known}: start the service of ` +
          'this release once to upgrade it (me check lists the migrations), then run me again',
      });
    }
    expect(await where.versions()).toEqual(before);
  });
});
