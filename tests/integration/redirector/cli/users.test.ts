/** `me users list|disable|enable` against a running service on each store: its links answer 410 within seconds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call } from '../../../helpers/api';
import { runCli } from '../../../helpers/cliProcess';
import { asTestServer, CLI_STORES, type CliServer, redirectStatus, registerUser, waitFor } from './cliServers';

describe.each(CLI_STORES)('me users on $kind', (store) => {
  let server: CliServer;
  let token: string;

  beforeAll(async () => {
    server = await store.start();
    await registerUser(server, 'bob@example.com', 'Bob');
    token = (await registerUser(server, 'ann@example.com', 'Ann Tab\tby')).token;
    for (const short_code of ['ann-a', 'ann-b']) {
      const created = await call(asTestServer(server), 'POST', '/api/links/create', {
        body: { target_url: `https://example.com/${short_code}`, short_code },
        headers: bearer(token),
      });
      expect(created.status).toBe(201);
    }
    expect(await redirectStatus(server, 'ann-a')).toBe(302);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists every account with its links, clicks and state', async () => {
    const run = await runCli(['users', 'list'], server.cliEnv);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'id  email            name        links  clicks  disabled',
      ' 1  bob@example.com  Bob             0       0  no',
      ' 2  ann@example.com  Ann Tab?by      2       1  no',
      '',
    ]);
  });

  it('disables a user while the service runs: their links answer 410 within seconds; enabling brings them back', async () => {
    const disabled = await runCli(['users', 'disable', 'Ann@Example.com'], server.cliEnv);
    expect([disabled.code, disabled.stdout]).toEqual([0, 'me: ann@example.com is disabled\n']);
    const took = await waitFor(async () => (await redirectStatus(server, 'ann-a')) === 410);
    expect(took).toBeLessThan(3000);
    expect(await redirectStatus(server, 'ann-b')).toBe(410);
    const me = await call(asTestServer(server), 'GET', '/api/links/user', { headers: bearer(token) });
    expect(me.status).not.toBe(200);
    expect((await runCli(['users', 'list'], server.cliEnv)).stdout).toMatch(/ann@example\.com .* yes\n/);

    const enabled = await runCli(['users', 'enable', 'ann@example.com'], server.cliEnv);
    expect([enabled.code, enabled.stdout]).toEqual([0, 'me: ann@example.com is enabled\n']);
    await waitFor(async () => (await redirectStatus(server, 'ann-a')) === 302);
    expect(await redirectStatus(server, 'ann-b')).toBe(302);
  });
});
