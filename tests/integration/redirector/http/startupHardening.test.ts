/**
 * The BUILT server (`npm run build` first) as operators start it: a private DATA_DIR (700) and
 * private database and key files (600), old deployments' modes fixed on start, ADMIN_KEY of 16
 * characters or more, REGISTRATION checked (docs/api.md#running-it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logMessages, runToExit, startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

const stopOnceListening = (stdout: string, child: { kill: (signal: NodeJS.Signals) => boolean }) => {
  if (stdout.includes('me: listening on')) child.kill('SIGINT');
};

describe('the built server at startup', () => {
  it('creates DATA_DIR with mode 700 and the database files and the key with mode 600', async () => {
    const dataDir = path.join(makeTempDir('me-modes-'), 'new', 'data');
    const server = await startServerProcess({ dataDir, adminKey: '' });
    try {
      // A link makes SQLite write its WAL and shared-memory files.
      const link = await fetch(`${server.url}/api/links`, {
        method: 'POST',
        headers: { 'X-API-Key': fs.readFileSync(path.join(dataDir, 'admin-key'), 'utf8').trim() },
        body: JSON.stringify({ target_url: 'https://example.com/' }),
      });
      expect(link.status).toBe(201);
      expect(modeOf(dataDir)).toBe(0o700);
      for (const name of ['me.sqlite', 'me.sqlite-wal', 'me.sqlite-shm', 'admin-key']) {
        expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('makes an existing deployment private on start (755 folder, 644 files)', async () => {
    const dataDir = makeTempDir('me-old-modes-');
    const first = await runToExit({ DATA_DIR: dataDir }, stopOnceListening);
    expect(first.code).toBe(0);
    fs.writeFileSync(path.join(dataDir, 'me.sqlite-wal'), '');
    fs.chmodSync(dataDir, 0o755);
    for (const name of ['me.sqlite', 'me.sqlite-wal']) fs.chmodSync(path.join(dataDir, name), 0o644);
    const again = await runToExit({ DATA_DIR: dataDir }, (stdout, child) => {
      if (!stdout.includes('me: listening on')) return;
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'me.sqlite'))).toBe(0o600);
      child.kill('SIGINT');
    });
    expect(again.code).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'me.sqlite'))).toBe(0o600);
  });

  it('exits 1 with one clear line for an ADMIN_KEY under 16 characters, a bad REGISTRATION or single sign-on setting', async () => {
    const short = await runToExit({ ADMIN_KEY: 'password' });
    expect(short.code).toBe(1);
    expect(logMessages(short.stderr)).toBe(
      'me: ADMIN_KEY must be at least 16 characters long (got 8); unset it to have one generated',
    );
    const fifteen = await runToExit({ ADMIN_KEY: 'x'.repeat(15) });
    expect(fifteen.code).toBe(1);
    const sixteen = await runToExit({ ADMIN_KEY: 'x'.repeat(16) }, stopOnceListening);
    expect(sixteen.code).toBe(0);
    const registration = await runToExit({ REGISTRATION: 'maybe' });
    expect(registration.code).toBe(1);
    expect(logMessages(registration.stderr)).toBe('me: REGISTRATION must be open or closed (got "maybe")');
    const sso = await runToExit({ OIDC_ISSUER: 'http://id.example.org', OIDC_CLIENT_ID: 'me' });
    expect(sso.code).toBe(1);
    expect(logMessages(sso.stderr)).toBe(
      'me: OIDC_ISSUER must be an https:// URL (http:// only on loopback) without query (got "http://id.example.org")',
    );
    const passwords = await runToExit({ PASSWORD_LOGIN: 'off' });
    expect(passwords.code).toBe(1);
    expect(logMessages(passwords.stderr)).toBe(
      'me: PASSWORD_LOGIN=off needs single sign-on: set OIDC_ISSUER and OIDC_CLIENT_ID',
    );
  });

  it('refuses a kept admin key shorter than 16 characters instead of replacing it', async () => {
    const dataDir = makeTempDir('me-short-key-');
    fs.writeFileSync(path.join(dataDir, 'admin-key'), 'short-key\n');
    const run = await runToExit({ DATA_DIR: dataDir, ADMIN_KEY: '' });
    expect(run.code).toBe(1);
    expect(logMessages(run.stderr)).toBe(
      `me: the admin key in ${path.join(dataDir, 'admin-key')} is shorter than 16 characters: delete the file to have a new one generated`,
    );
  });
});
