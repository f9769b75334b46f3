/**
 * The command line works in every configuration the service accepts: here ANONYMIZE_IPS=1, beside a
 * service running with it, on each store. Every command runs, and the service's visitor key is
 * left as it was (the command line neither reads nor writes it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_KEY_FILE } from '../../../../redirector/privacy/visitorSecret';
import { bearer, call } from '../../../helpers/api';
import { runCli } from '../../../helpers/cliProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { asTestServer, CLI_STORES, type CliServer, registerUser } from './cliServers';

describe.each(CLI_STORES)('me with ANONYMIZE_IPS=1 on $kind', (store) => {
  let server: CliServer;

  beforeAll(async () => {
    server = await store.start({ ANONYMIZE_IPS: '1' });
    const { token } = await registerUser(server, 'anon@example.com', 'Anon');
    const created = await call(asTestServer(server), 'POST', '/api/links/create', {
      body: { target_url: 'https://example.com/anon', short_code: 'anon-a' },
      headers: bearer(token),
    });
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('runs every command', async () => {
    const env = server.cliEnv;
    expect(env.ANONYMIZE_IPS).toBe('1');
    const keyFile = path.join(server.dataDir, VISITOR_KEY_FILE);
    const keyBefore = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8') : undefined;

    const check = await runCli(['check'], env);
    expect([check.code, check.stderr], check.stdout).toEqual([0, '']);
    expect(check.stdout).toMatch(/\nok\n$/);
    const list = await runCli(['users', 'list'], env);
    expect([list.code, list.stderr]).toEqual([0, '']);
    expect(list.stdout).toContain('anon@example.com');
    const disabled = await runCli(['users', 'disable', 'anon@example.com'], env);
    expect([disabled.code, disabled.stdout, disabled.stderr]).toEqual([0, 'me: anon@example.com is disabled\n', '']);
    const enabled = await runCli(['users', 'enable', 'anon@example.com'], env);
    expect([enabled.code, enabled.stderr]).toEqual([0, '']);
    const exported = await runCli(['links', 'export', '--user', 'anon@example.com'], env);
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    expect(exported.stdout).toContain('anon-a,https://example.com/anon');
    const imported = await runCli(['links', 'import', '-', '--user', 'anon@example.com'], env, {
      stdin: 'short_code,target_url\nanon-b,https://example.com/b\n',
    });
    expect([imported.code, imported.stderr], imported.stdout).toEqual([0, '']);

    if (store.kind === 'sqlite') {
      const copy = path.join(makeTempDir('me-cli-anon-backup-'), 'copy.sqlite');
      const backup = await runCli(['backup', copy], env);
      expect([backup.code, backup.stderr]).toEqual([0, '']);
      expect(fs.statSync(copy).size).toBeGreaterThan(0);
      const rotated = await runCli(['rotate-admin-key'], env);
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(keyBefore).toEqual(expect.any(String));
    }
    const keyAfter = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8') : undefined;
    expect(keyAfter).toBe(keyBefore);
  });
});
