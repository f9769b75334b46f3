/**
 * `me restore` (docs/api.md#backup-and-restore): a backup taken under ANONYMIZE_IPS, restored into a
 * new DATA_DIR, serves the same figures, and its visitors stay the same visitors (the visitor key
 * came back with it); restore refuses while the service runs; the replaced database is kept. The
 * built server and command line (`npm run build` first). PostgreSQL backs up with pg_dump: both
 * commands say so (exit 2).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/cliProcess';
import { type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { adminCall, BROWSER } from './cliServers';

const ENV = { ANONYMIZE_IPS: '1', TRUST_PROXY: '1' };
const running: ServerProcess[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.kill();
  }
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, env: ENV });
  running.push(server);
  return server;
}

async function visit(server: ServerProcess, address: string): Promise<void> {
  const response = await fetch(`${server.url}/kept`, {
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address },
  });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
}

async function figures(server: ServerProcess, id: number) {
  const answer = await adminCall(server, 'GET', `/api/analytics/${id}`);
  expect(answer.status).toBe(200);
  const { stats } = answer.body;
  return { totalClicks: stats.totalClicks, uniqueVisitors: stats.uniqueVisitors, countries: stats.countryCounts };
}

describe('me restore', () => {
  it('puts a backup and its visitor key back: the same figures, the same visitors', async () => {
    const dataDir = makeTempDir('me-restore-from-');
    const server = await start(dataDir);
    const created = await adminCall(server, 'POST', '/api/links', {
      target_url: 'https://example.com/',
      short_code: 'kept',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (const address of ['203.0.113.7', '198.51.100.20', '203.0.113.7', '8.8.8.8']) await visit(server, address);
    const before = await figures(server, id);
    expect(before).toMatchObject({ totalClicks: 4, uniqueVisitors: 3 });

    const backup = path.join(makeTempDir('me-restore-backup-'), 'me.backup');
    const backedUp = await runCli(['backup', backup], { DATA_DIR: dataDir });
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toContain(`visitor key of ANONYMIZE_IPS to ${backup}.visitor-key`);
    expect(fs.statSync(`${backup}.visitor-key`).mode & 0o777).toBe(0o600);

    const refused = await runCli(['restore', backup], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `me: the service is running on DATA_DIR "${dataDir}" (process ${server.child.pid}): stop it, then restore\n`,
    );
    expect(await server.stop()).toBe(0);

    const elsewhere = path.join(makeTempDir('me-restore-to-'), 'data');
    const restored = await runCli(['restore', backup], { DATA_DIR: elsewhere });
    expect([restored.code, restored.stderr]).toEqual([0, '']);
    const check = await runCli(['check'], { DATA_DIR: elsewhere });
    expect(check.code).toBe(0);
    const again = await start(elsewhere);
    expect(await figures(again, id)).toEqual(before);
    // A visitor of before the backup comes back: still one of the same three.
    await visit(again, '198.51.100.20');
    expect(await figures(again, id)).toMatchObject({ totalClicks: 5, uniqueVisitors: 3 });
    expect(await again.stop()).toBe(0);

    // Restored over an existing database (a killed service's me.pid left behind does not count).
    fs.writeFileSync(path.join(dataDir, 'me.pid'), '999999\n');
    const over = await runCli(['restore', backup], { DATA_DIR: dataDir });
    expect(over.code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'me.sqlite.before-restore'))).toBe(true);
  }, 120_000);

  it('refuses what is not a backup, and says pg_restore on PostgreSQL', async () => {
    const dataDir = makeTempDir('me-restore-bad-');
    const junk = path.join(dataDir, 'junk');
    fs.writeFileSync(junk, 'not a database');
    const run = await runCli(['restore', junk], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^me: ".*junk" is not a SQLite database/);
    expect(fs.existsSync(path.join(dataDir, 'me.sqlite'))).toBe(false);
    const pg = await runCli(['restore', junk], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect([pg.code, pg.stderr]).toEqual([
      2,
      'me: DATABASE_URL is set: restore PostgreSQL with pg_restore (e.g. pg_restore -d "$DATABASE_URL")\n',
    ]);
  });
});
