/**
 * scripts/checkPrerequisites.mjs, the first step of `npm test`, run as npm runs it: a child node
 * process. A fake root (ME_PREREQUISITES_ROOT) and a PATH of our own hold stand-ins for the tools
 * a case keeps, so that a case hides exactly the tools it names whatever this machine has; a
 * listening socket stands in for PostgreSQL. The last case runs it on this machine as it is.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/serverProcess';
import { makeTempDir } from '../../helpers/testServer';

const SCRIPT = path.resolve(__dirname, '../../../scripts/checkPrerequisites.mjs');

/** Where the suite's tools live, under the fake root (tools on PATH go in its bin/). */
const FIXED = {
  chromium: 'usr/bin/chromium',
  caddy: 'usr/bin/caddy',
  nginx: 'usr/sbin/nginx',
  dnsmasq: 'usr/sbin/dnsmasq',
  initdb: 'usr/lib/postgresql/15/bin/initdb',
  pg_ctl: 'usr/lib/postgresql/15/bin/pg_ctl',
  promtool: 'bin/promtool',
  'systemd-analyze': 'bin/systemd-analyze',
} as const;
type Tool = keyof typeof FIXED;

const dirs: string[] = [];
const servers: net.Server[] = [];
afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A fake root with an executable stand-in for each tool in `keep`. */
function fakeRoot(keep: readonly Tool[]): string {
  const root = makeTempDir('me-prereq-');
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'bin'));
  for (const tool of keep) {
    const file = path.join(root, FIXED[tool]);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  }
  return root;
}

/** A port something listens on (PostgreSQL's stand-in) until the suite ends. */
async function listeningPort(): Promise<number> {
  const server = net.createServer((socket) => socket.destroy());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function check(env: NodeJS.ProcessEnv): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT], { env, timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** The environment of a run under `root`, PostgreSQL expected on `postgresPort`. */
const isolated = (root: string, postgresPort: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: path.join(root, 'bin'),
  ME_PREREQUISITES_ROOT: root,
  TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${postgresPort}/test`,
  ...extra,
});

const ALL = Object.keys(FIXED) as Tool[];

describe('scripts/checkPrerequisites.mjs', () => {
  it('is silent and exits 0 when every tool is there and PostgreSQL answers', async () => {
    const run = await check(isolated(fakeRoot(ALL), await listeningPort()));
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('names Chromium and caddy, and the one command that installs both, within seconds', async () => {
    const root = fakeRoot(ALL.filter((tool) => tool !== 'caddy'));
    const run = await check(isolated(root, await listeningPort(), { CHROMIUM_PATH: '/nonexistent' }));
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(5_000);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('- Chromium (CHROMIUM_PATH=/nonexistent): the Playwright tests');
    expect(run.stderr).toContain('- caddy (/usr/bin/caddy or /usr/local/bin/caddy)');
    expect(run.stderr).toMatch(/apt-get install -y chromium caddy\n/);
    for (const kept of ['nginx', 'dnsmasq', 'promtool', 'systemd-analyze', 'PostgreSQL']) {
      expect(run.stderr).not.toContain(`- ${kept}`);
    }
  });

  it('names each missing tool on PATH and in fixed places with its Debian package', async () => {
    const root = fakeRoot(['chromium', 'caddy', 'initdb', 'pg_ctl']);
    const run = await check(isolated(root, await listeningPort()));
    expect(run.code).toBe(1);
    for (const tool of ['nginx', 'dnsmasq', 'promtool', 'systemd-analyze']) expect(run.stderr).toContain(`- ${tool} (`);
    expect(run.stderr).toMatch(/apt-get install -y nginx-light dnsmasq prometheus systemd\n/);
  });

  it('says how to start PostgreSQL when nothing answers on its port', async () => {
    const closed = await freePort();
    const run = await check(isolated(fakeRoot(ALL), closed));
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(5_000);
    expect(run.stderr).toContain(`- PostgreSQL at 127.0.0.1:${closed} (TEST_DATABASE_URL): ECONNREFUSED`);
    expect(run.stderr).toContain('pg_ctlcluster --skip-systemctl-redirect 15 main start');
    expect(run.stderr).not.toContain('apt-get');
  });

  it('names the PostgreSQL server binaries and their package when POSTGRES_BIN lacks them', async () => {
    const root = fakeRoot(ALL);
    const run = await check(isolated(root, await listeningPort(), { POSTGRES_BIN: path.join(root, 'nowhere') }));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('- PostgreSQL server binaries (initdb, pg_ctl)');
    expect(run.stderr).toMatch(/apt-get install -y postgresql-15\n/);
  });

  it('checks nothing with ME_SKIP_PREREQUISITES=1', async () => {
    const run = await check(isolated(fakeRoot([]), await freePort(), { ME_SKIP_PREREQUISITES: '1' }));
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('passes on this machine, where the suite runs', async () => {
    const run = await check(process.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});
