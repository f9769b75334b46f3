/** `me rotate-admin-key`: a new key file (mode 600) printed once; the service takes it when it restarts. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../../../helpers/api';
import { runCli } from '../../../helpers/cliProcess';
import { startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { asTestServer } from './cliServers';

async function adminLogin(server: Parameters<typeof asTestServer>[0], key: string): Promise<number> {
  return (await call(asTestServer(server), 'POST', '/api/auth?action=admin', { body: { key } })).status;
}

describe('me rotate-admin-key', () => {
  it('writes a new key that works once the service restarts, and the old one stops working', async () => {
    const dataDir = makeTempDir('me-cli-key-');
    const file = path.join(dataDir, 'admin-key');
    let server = await startServerProcess({ dataDir, adminKey: '' });
    const oldKey = fs.readFileSync(file, 'utf8').trim();
    try {
      const run = await runCli(['rotate-admin-key'], { DATA_DIR: dataDir });
      expect(run.code).toBe(0);
      const newKey = run.stdout.trim();
      expect(newKey).toMatch(/^[\w-]{43}$/);
      expect(newKey).not.toBe(oldKey);
      expect(run.stderr).toBe(
        `me: new admin key saved in ${file} (shown once):\n` +
          'me: a running service keeps the old key until it restarts (e.g. systemctl restart me)\n',
      );
      expect(fs.readFileSync(file, 'utf8')).toBe(`${newKey}\n`);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(dataDir).filter((name) => name.includes('partial'))).toEqual([]);
      expect(await adminLogin(server, oldKey)).toBe(200);

      expect(await server.stop()).toBe(0);
      server = await startServerProcess({ dataDir, adminKey: '' });
      expect(await adminLogin(server, newKey)).toBe(200);
      expect(await adminLogin(server, oldKey)).toBe(401);
      expect(server.output()).not.toContain(newKey);
    } finally {
      await server.stop();
    }
  });

  it('refuses with one line when ADMIN_KEY is set, and leaves the file alone', async () => {
    const dataDir = makeTempDir('me-cli-key-env-');
    fs.writeFileSync(path.join(dataDir, 'admin-key'), 'kept-key-0123456789abcdef\n');
    const run = await runCli(['rotate-admin-key'], { DATA_DIR: dataDir, ADMIN_KEY: 'from-env-0123456789abcdef' });
    expect([run.code, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'me: ADMIN_KEY is set in the environment: change it there (the key file is not used)\n',
    ]);
    expect(fs.readFileSync(path.join(dataDir, 'admin-key'), 'utf8')).toBe('kept-key-0123456789abcdef\n');
  });
});
