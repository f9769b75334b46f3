/** `me check` on each store beside the running service: counts, exit 0; a damaged database, exit 1. */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/cliProcess';
import { adminCall, CLI_STORES, type CliServer, redirectStatus, registerUser } from './cliServers';

describe.each(CLI_STORES)('me check on $kind', (store) => {
  let server: CliServer;

  beforeAll(async () => {
    server = await store.start();
    await registerUser(server, 'ann@example.com');
    for (const short_code of ['c-one', 'c-two']) {
      expect(
        (await adminCall(server, 'POST', '/api/links', { target_url: 'https://example.com/', short_code })).status,
      ).toBe(201);
    }
    for (let i = 0; i < 3; i += 1) expect(await redirectStatus(server, 'c-one')).toBe(302);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('reports the engine, the schema and the counts, and exits 0', async () => {
    const run = await runCli(['check'], server.cliEnv);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const engine =
      store.kind === 'sqlite'
        ? `SQLite [\\d.]+, ${path.join(server.dataDir, 'me.sqlite')}`
        : 'PostgreSQL [\\d.]+.*, schema me_test_\\w+';
    expect(run.stdout).toMatch(
      new RegExp(
        `^database: ${engine}\nschema version: \\d+\nusers: 1\nlinks: 2\nclicks: 3\nclicks not folded into the analytics yet: \\d+\nok\n$`,
      ),
    );
  });

  it('finds a damaged database and exits 1', async () => {
    if (store.kind === 'sqlite') {
      const db = new Database(path.join(server.dataDir, 'me.sqlite'));
      db.pragma('foreign_keys = OFF');
      db.prepare(
        "INSERT INTO links (user_id, target_url, short_code, created_at) VALUES (999, 'https://x.example/', 'orphan', 0)",
      ).run();
      db.close();
      const run = await runCli(['check'], server.cliEnv);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('me: problem: foreign keys: 1 rows point at rows that do not exist\n');
      expect(run.stdout).toMatch(/links: 3\n[\s\S]*1 problem\(s\) found\n$/);
    } else {
      const client = new pg.Client({ connectionString: server.cliEnv.DATABASE_URL });
      await client.connect();
      await client.query('DROP TABLE link_tags');
      await client.end();
      const run = await runCli(['check'], server.cliEnv);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('me: problem: missing tables: link_tags\n');
    }
  });
});
