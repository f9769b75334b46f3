/**
 * `me users list|disable|enable|create|set-password` against a running service on each store: links of a
 * disabled account answer 410 within seconds; an invitation printed by the command works once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call } from '../../../helpers/api';
import { runCli } from '../../../helpers/cliProcess';
import { asTestServer, CLI_STORES, type CliServer, redirectStatus, registerUser, waitFor } from './cliServers';

const PUBLIC_URL = 'https://go.example.test';

describe.each(CLI_STORES)('me users on $kind', (store) => {
  let server: CliServer;
  let token: string;

  beforeAll(async () => {
    server = await store.start({ PUBLIC_URL });
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

  const reset = (token: string, password: string) =>
    call(asTestServer(server), 'POST', '/api/auth?action=reset', { body: { token, password } });
  const login = (email: string, password: string) =>
    call(asTestServer(server), 'POST', '/api/auth?action=login', { body: { email, password } });

  it('creates an account and prints an invitation link on PUBLIC_URL that the running service honours once', async () => {
    const run = await runCli(['users', 'create', 'Cy@Example.com', '--name', 'Cy'], server.cliEnv);
    expect(run.code).toBe(0);
    const [said, url] = run.stdout.trim().split('\n');
    expect(said).toMatch(/^me: cy@example\.com is invited; send them this link \(valid until \d{4}-.*Z\):$/);
    expect(url).toMatch(/^https:\/\/go\.example\.test\/reset\/[A-Za-z0-9_-]{43}$/);
    const token = url!.split('/reset/')[1]!;
    expect((await reset(token, 'cy-chosen-pw')).status).toBe(200);
    expect((await reset(token, 'cy-other-pw')).status).toBe(400);
    expect((await login('cy@example.com', 'cy-chosen-pw')).status).toBe(200);
    const again = await runCli(['users', 'create', 'cy@example.com', '--name', 'Cy'], server.cliEnv);
    expect([again.code, again.stderr]).toEqual([1, 'me: An account with this email already exists\n']);
    expect((await runCli(['users', 'create', 'cy2@example.com'], server.cliEnv)).code).toBe(2);
    expect((await runCli(['users', 'create', 'not-an-email', '--name', 'X'], server.cliEnv)).code).toBe(1);
  });

  it('sets a password read from standard input and ends the account’s sessions', async () => {
    const dee = await registerUser(server, 'dee@example.com', 'Dee');
    const run = await runCli(['users', 'set-password', 'DEE@example.com'], server.cliEnv, { stdin: 'dee-new-pw\n' });
    expect([run.code, run.stdout]).toEqual([
      0,
      'me: the password of dee@example.com is set; its sessions have ended\n',
    ]);
    expect(run.stdout + run.stderr).not.toContain('dee-new-pw');
    const me = await call(asTestServer(server), 'GET', '/api/account', { headers: bearer(dee.token) });
    expect(me.status).toBe(401);
    expect((await login('dee@example.com', 'dee-new-pw')).status).toBe(200);
    const short = await runCli(['users', 'set-password', 'dee@example.com'], server.cliEnv, { stdin: 'abc\n' });
    expect([short.code, short.stderr]).toEqual([1, 'me: Password must be at least 6 characters\n']);
    const nobody = await runCli(['users', 'set-password', 'nobody@example.com'], server.cliEnv, {
      stdin: 'whatever\n',
    });
    expect(nobody.code).toBe(1);
  });
});
