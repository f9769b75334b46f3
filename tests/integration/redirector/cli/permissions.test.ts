/**
 * The command line names the real problem when it cannot open the database: a folder or file this
 * user may not use is "permission denied" (never "missing"), on SQLite's files and on a PostgreSQL
 * schema the role may not use. Root ignores file modes, so as root the command runs as `nobody`.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { CLI_ENTRY, runCli } from '../../../helpers/cliProcess';
import { createTestSchema } from '../../../helpers/postgres';
import { makeTempDir } from '../../../helpers/testServer';

const isRoot = process.getuid?.() === 0;
/** As root the modes below bind only another user: the command runs as nobody, through runuser. */
const asUser = isRoot ? 'nobody' : undefined;
const user = asUser ?? os.userInfo().username;

/** Why the command cannot run as another user here, when it cannot: then the SQLite cases are skipped. */
function otherUserProblem(): string | undefined {
  if (!isRoot) return undefined;
  const probe = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, CLI_ENTRY, '--help'], {
    encoding: 'utf8',
  });
  if (probe.error) return `runuser is missing (${probe.error.message}): root ignores file modes`;
  if (probe.status !== 0) return `nobody cannot run ${CLI_ENTRY}: ${probe.stderr.split('\n')[0]}`;
  return undefined;
}
const skipReason = otherUserProblem();
if (skipReason) console.warn(`permissions.test.ts: SQLite cases skipped: ${skipReason}`);
const denied = (what: string) =>
  `me: permission denied: ${what} (running as ${user}; run me as the user the service runs as)\n`;

describe.skipIf(skipReason !== undefined)('me on SQLite files it may not use (never as root)', () => {
  let root: string;
  let dataDir: string;
  let file: string;
  /** A folder anyone may write in, for backups. */
  let open: string;
  const run = (args: string[]) => runCli(args, { DATA_DIR: dataDir }, { asUser });

  beforeAll(async () => {
    root = makeTempDir('me-cli-perm-');
    fs.chmodSync(root, 0o755);
    dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir);
    file = path.join(dataDir, 'me.sqlite');
    open = path.join(root, 'open');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    await createSqliteStore(file).close();
  });

  afterAll(() => {
    fs.chmodSync(dataDir, 0o755);
  });

  it('a DATA_DIR it may not enter: permission denied, not "does not exist"', async () => {
    fs.chmodSync(dataDir, 0o000);
    fs.chmodSync(file, 0o666);
    for (const args of [['check'], ['users', 'list'], ['links', 'export'], ['backup', path.join(open, 'b.sqlite')]]) {
      const result = await run(args);
      expect([result.code, result.stderr], args.join(' ')).toEqual([1, denied(`cannot enter DATA_DIR "${dataDir}"`)]);
    }
    const rotate = await run(['rotate-admin-key']);
    expect([rotate.code, rotate.stderr]).toEqual([1, denied(`cannot enter DATA_DIR "${dataDir}"`)]);
  });

  it('a database file it may not read and write: permission denied, naming the file', async () => {
    fs.chmodSync(dataDir, 0o777);
    fs.chmodSync(file, 0o000);
    for (const args of [['check'], ['users', 'list'], ['backup', path.join(open, 'b.sqlite')]]) {
      const result = await run(args);
      expect([result.code, result.stderr], args.join(' ')).toEqual([1, denied(`cannot read and write "${file}"`)]);
    }
    fs.chmodSync(file, 0o444);
    const readOnly = await run(['users', 'list']);
    expect([readOnly.code, readOnly.stderr]).toEqual([1, denied(`cannot read and write "${file}"`)]);
  });

  it('a folder where SQLite may not create its -wal file: permission denied, naming it', async () => {
    fs.chmodSync(dataDir, 0o555);
    fs.chmodSync(file, 0o666);
    const result = await run(['users', 'list']);
    expect([result.code, result.stderr]).toEqual([1, denied(`cannot create "${file}-wal" in "${dataDir}"`)]);
    const rotate = await run(['rotate-admin-key']);
    expect([rotate.code, rotate.stderr]).toEqual([1, denied(`cannot write "${path.join(dataDir, 'admin-key')}"`)]);
    expect(fs.readdirSync(dataDir)).toEqual(['me.sqlite']);
  });

  it('a backup into a folder it may not write in: permission denied, naming the folder', async () => {
    fs.chmodSync(dataDir, 0o777);
    fs.chmodSync(file, 0o666);
    const closed = path.join(root, 'closed');
    fs.mkdirSync(closed, { mode: 0o555 });
    fs.chmodSync(closed, 0o555);
    const result = await run(['backup', path.join(closed, 'b.sqlite')]);
    expect([result.code, result.stderr]).toEqual([
      1,
      `me: permission denied: cannot write in "${closed}" (running as ${user}; choose a folder this user may write in)\n`,
    ]);
    // The same user, given rights, gets through: the refusals above were the modes, nothing else.
    const fine = await run(['backup', path.join(open, 'b.sqlite')]);
    expect([fine.code, fine.stderr]).toEqual([0, '']);
  });
});

describe('me on a PostgreSQL schema its role may not use', () => {
  const role = `me_cli_${crypto.randomBytes(4).toString('hex')}`;
  let schema: Awaited<ReturnType<typeof createTestSchema>>;

  beforeAll(async () => {
    schema = await createTestSchema();
    await (await createPostgresStore(schema.url)).close();
    await schema.query(`CREATE ROLE ${role} LOGIN`);
  });

  afterAll(async () => {
    await schema.query(`DROP ROLE IF EXISTS ${role}`);
    await schema.drop();
  });

  it('says permission denied and names the role and schema, not "no Me database"', async () => {
    const url = new URL(schema.url);
    url.username = role;
    const result = await runCli(['users', 'list'], { DATABASE_URL: url.toString() });
    expect([result.code, result.stderr]).toEqual([
      1,
      `me: permission denied: the role "${role}" may not use schema ${schema.schema} ` +
        "(grant it USAGE and the tables' rights, or connect as the service's role)\n",
    ]);
  });
});
