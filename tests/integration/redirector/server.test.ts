/**
 * The BUILT server (`npm run build` first) as operators start it: the generated admin key, one
 * clear line and exit 1 on a bad configuration, a clean exit on SIGINT.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logMessages, runToExit, startServerProcess } from '../../helpers/serverProcess';
import { makeTempDir } from '../../helpers/testServer';

const stopOnceListening = (stdout: string, child: { kill: (signal: NodeJS.Signals) => boolean }) => {
  if (stdout.includes('me: listening on')) child.kill('SIGINT');
};

describe('the built server', () => {
  it('generates an admin key once, keeps it with mode 600, prints it only when it was generated', async () => {
    const dataDir = makeTempDir('me-key-');
    const first = await runToExit({ DATA_DIR: dataDir, ADMIN_KEY: '' }, stopOnceListening);
    expect(first.code).toBe(0);
    const file = path.join(dataDir, 'admin-key');
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.stdout).toContain(`ADMIN KEY ${key}`);

    const server = await startServerProcess({ dataDir, adminKey: '' });
    try {
      const login = await fetch(`${server.url}/api/auth?action=admin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key }),
      });
      expect(login.status).toBe(200);
      expect(server.output()).not.toContain(key);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('exits 1 with one clear line when DATA_DIR is not a writable directory', async () => {
    const file = path.join(makeTempDir('me-file-'), 'not-a-dir');
    fs.writeFileSync(file, '');
    for (const dataDir of [file, path.join(file, 'sub')]) {
      const run = await runToExit({ DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(logMessages(run.stderr)).toBe(`me: DATA_DIR "${dataDir}" is not a writable directory`);
    }
  });

  it('exits 1 with one clear line when SPOOL_DIR is not a writable directory on PostgreSQL', async () => {
    const file = path.join(makeTempDir('me-spool-'), 'not-a-dir');
    fs.writeFileSync(file, '');
    const spoolDir = path.join(file, 'spool');
    const run = await runToExit({
      DATA_DIR: makeTempDir('me-data-'),
      SPOOL_DIR: spoolDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    });
    expect(run.code).toBe(1);
    expect(logMessages(run.stderr)).toBe(`me: SPOOL_DIR "${spoolDir}" is not a writable directory`);
  });

  it('exits 1 with one clear line when the port is taken or invalid', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const run = await runToExit({ PORT: String(port) });
      expect(run.code).toBe(1);
      expect(logMessages(run.stderr)).toBe(`me: port ${port} on 127.0.0.1 is already in use (set PORT)`);
    } finally {
      taken.close();
    }
    const bad = await runToExit({ PORT: 'eighty' });
    expect(bad.code).toBe(1);
    expect(logMessages(bad.stderr)).toBe('me: PORT must be a whole number from 0 to 65535 (got "eighty")');
  });

  it('says so when PUBLIC_URL has a path, which it drops (links are served from the root)', async () => {
    const run = await runToExit({ PUBLIC_URL: 'https://s.example.com/go?x=1' }, stopOnceListening);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('me: links are shown on https://s.example.com\n');
    expect(logMessages(run.stderr)).toBe(
      'me: warning: PUBLIC_URL\'s "/go?x=1" is ignored: Me serves from the root of its domain (https://s.example.com/<short_code>)',
    );
    const plain = await runToExit({ PUBLIC_URL: 'https://s.example.com/' }, stopOnceListening);
    expect(plain.stderr).not.toContain('PUBLIC_URL');
  });

  it('exits 1 on a bad PUBLIC_URL or TRUST_PROXY, and 0 after SIGINT', async () => {
    expect((await runToExit({ PUBLIC_URL: 'ftp://x' })).code).toBe(1);
    expect((await runToExit({ TRUST_PROXY: 'maybe' })).stderr).toContain('TRUST_PROXY must be 1 or 0');
    const run = await runToExit({}, stopOnceListening);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('me: stopped');
  });
});
