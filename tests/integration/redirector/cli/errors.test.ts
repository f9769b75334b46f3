/**
 * The built command line's help and its errors: one line `me: …` on stderr, exit 2 when the command
 * line is wrong, exit 1 when the command fails; nothing created where DATA_DIR points wrongly.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../../redirector/cli/main';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { runCli } from '../../../helpers/cliProcess';
import { createTestSchema } from '../../../helpers/postgres';
import { makeTempDir } from '../../../helpers/testServer';

let dataDir: string;

beforeAll(async () => {
  dataDir = makeTempDir('me-cli-errors-');
  await createSqliteStore(path.join(dataDir, 'me.sqlite')).close();
});

const env = () => ({ DATA_DIR: dataDir });

describe('me --help', () => {
  it('lists every command, and each command explains itself', async () => {
    const overview = await runCli(['--help'], env());
    expect(overview.code).toBe(0);
    for (const command of COMMANDS) expect(overview.stdout).toContain(`me ${command.name}`);
    for (const command of COMMANDS) {
      const help = await runCli([...command.name.split(' '), '--help'], env());
      expect(help.code, command.name).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: me ${command.name}\\b`));
      expect(help.stderr).toBe('');
    }
    const group = await runCli(['users', '-h'], env());
    expect(group.stdout).toContain('me users disable');
  });

  it('runs through bin/me.mjs, the package.json bin, without building when the build is fresh', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    expect(pkg.bin).toEqual({ me: 'bin/me.mjs' });
    const out = execFileSync(process.execPath, ['bin/me.mjs', 'check', '--help'], { encoding: 'utf8' });
    expect(out).toMatch(/^Usage: me check/);
  });
});

describe('errors: one line, exit 2 for a wrong command line', () => {
  it.each([
    [[], 'me: missing command (see: me --help)'],
    [['frob'], 'me: unknown command "frob" (see: me --help)'],
    [['users'], 'me: missing command (see: me users --help)'],
    [['users', 'frob'], 'me: unknown command "users frob" (see: me users --help)'],
    [['backup'], 'me: missing <file> (see: me backup --help)'],
    [['users', 'disable'], 'me: missing <email> (see: me users disable --help)'],
    [['links', 'import'], 'me: missing <file> (see: me links import --help)'],
    [['check', '--fast'], 'me: unknown option --fast (see: me check --help)'],
    [['check', 'extra'], 'me: unexpected argument "extra" (see: me check --help)'],
    [['import', 'kutt'], 'me: give --url (see: me import kutt --help)'],
    [['import', 'yourls'], 'me: give --database-url or ME_IMPORT_DATABASE_URL (see: me import yourls --help)'],
    [['import', 'csv', '--file', 'x.csv', '--mapping', '{'], 'me: --mapping must be JSON (see: me import csv --help)'],
    [
      ['import', 'bitly', '--token', 't', '--on-conflict', 'replace'],
      'me: --on-conflict must be skip or suffix (got "replace") (see: me import bitly --help)',
    ],
    [
      ['import', 'bitly', '--token', 't', '--team', 'ops', '--user', 'ann@example.com'],
      'me: give --team or --user, not both (see: me import bitly --help)',
    ],
  ])('me %j', async (args, message) => {
    const run = await runCli(args, env());
    expect(run.stderr).toBe(`${message}\n`);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  it('backup with DATABASE_URL points to pg_dump', async () => {
    const run = await runCli(['backup', 'x.sqlite'], { DATABASE_URL: 'postgres://127.0.0.1/test' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'me: DATABASE_URL is set: back up PostgreSQL with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL")\n',
    );
  });
});

describe('errors: one line, exit 1 when the command fails', () => {
  it('a DATA_DIR that does not exist, is a file, or holds no database; nothing is created', async () => {
    const missing = path.join(makeTempDir('me-cli-missing-'), 'nope');
    const file = path.join(makeTempDir('me-cli-file-'), 'file');
    fs.writeFileSync(file, '');
    const empty = makeTempDir('me-cli-empty-');
    const cases: [string, string][] = [
      [missing, `me: DATA_DIR "${missing}" does not exist (set DATA_DIR to the service's data folder)`],
      [file, `me: DATA_DIR "${file}" is not a directory`],
      [empty, `me: no database in DATA_DIR "${empty}" (me.sqlite is missing): start the service once, or set DATA_DIR`],
    ];
    for (const [dir, message] of cases) {
      for (const args of [['check'], ['users', 'list'], ['backup', path.join(empty, 'b.sqlite')]]) {
        const run = await runCli(args, { DATA_DIR: dir });
        expect(run.stderr, `${dir} ${args}`).toBe(`${message}\n`);
        expect(run.code).toBe(1);
      }
    }
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.readdirSync(empty)).toEqual([]);
    const rotate = await runCli(['rotate-admin-key'], { DATA_DIR: missing });
    expect([rotate.code, rotate.stderr]).toEqual([1, `${cases[0]![1]}\n`]);
  });

  it('a bad variable, as the service says it', async () => {
    const run = await runCli(['check'], { ...env(), PORT: 'eighty' });
    expect([run.code, run.stderr]).toEqual([1, 'me: PORT must be a whole number from 0 to 65535 (got "eighty")\n']);
  });

  it('an unknown email', async () => {
    for (const args of [
      ['users', 'disable', 'nobody@example.com'],
      ['users', 'enable', 'nobody@example.com'],
      ['links', 'export', '--user', 'nobody@example.com'],
    ]) {
      const run = await runCli(args, env());
      expect([run.code, run.stderr]).toEqual([1, 'me: no user with the email "nobody@example.com"\n']);
    }
  });

  it('an import file that cannot be read, or is not CSV text', async () => {
    const missing = path.join(dataDir, 'missing.csv');
    const run = await runCli(['links', 'import', missing], env());
    expect([run.code, run.stderr]).toEqual([1, `me: cannot read "${missing}" (ENOENT)\n`]);
    const badHeader = await runCli(['links', 'import', '-'], env(), { stdin: 'url,name\nhttps://a.example,a\n' });
    expect([badHeader.code, badHeader.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^me: Unknown columns: url, name\. Accepted columns: short_code, target_url, .*, domain\n$/,
      ),
    ]);
    const binary = await runCli(['links', 'import', '-'], env(), { stdin: 'target_url\n\0\n' });
    expect([binary.code, binary.stderr]).toEqual([1, 'me: the file holds NUL characters: it is not a CSV text file\n']);
  });

  it('a PostgreSQL schema without Me tables is refused, not migrated', async () => {
    const schema = await createTestSchema();
    try {
      const run = await runCli(['users', 'list'], { DATABASE_URL: schema.url });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `me: DATABASE_URL reaches no Me database (no schema_migrations table in schema ${schema.schema}): ` +
          'start the service once, or check the URL and its search_path\n',
      );
      expect(
        await schema.query('SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema()'),
      ).toEqual([]);
      const refused = await runCli(['check'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' });
      expect([refused.code, refused.stderr]).toEqual([
        1,
        'me: cannot connect to PostgreSQL at 127.0.0.1:1/test: connection refused\n',
      ]);
    } finally {
      await schema.drop();
    }
  });
});
