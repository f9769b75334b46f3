/**
 * The BUILT server (`npm run build` first) with DATABASE_URL, the way operators run it: one clear
 * line and exit 1 when the database can't be used; clicks durable against SIGKILL; SIGTERM exits 0.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from '../../../helpers/postgres';
import { sendRedirectBurst } from '../../../helpers/redirectBurst';
import { logMessages, runToExit, type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import { UA } from '../../../helpers/visitors';

const CLICKS = 300;

/** `count` redirects to /<shortCode> at once; their statuses (0 on a connection error). */
function sendRedirects(server: ServerProcess, shortCode: string, count: number, onFirstAnswer?: () => void) {
  const headers = () => ({ 'User-Agent': UA.iphoneSafari });
  return sendRedirectBurst(server, shortCode, { count, connections: 50, headers, onFirstAnswer });
}

describe('built server with DATABASE_URL', () => {
  it('exits 1 with one clear line when PostgreSQL refuses the connection', async () => {
    const run = await runToExit({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(logMessages(run.stderr)).toBe(
      'me: cannot open the database: cannot connect to PostgreSQL at 127.0.0.1:1/x: connection refused',
    );
  });

  it('exits 1 with one clear line when the server refuses the role', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.username = 'no_such_role_me';
    const run = await runToExit({ DATABASE_URL: url.toString() });
    expect(run.code).toBe(1);
    const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
    expect(logMessages(run.stderr)).toBe(
      `me: cannot open the database: cannot use PostgreSQL at ${where}: role "no_such_role_me" does not exist`,
    );
  });

  describe('on a reachable database', () => {
    let schema: TestSchema;
    let server: ServerProcess | undefined;

    beforeEach(async () => {
      schema = await createTestSchema();
    });
    afterEach(async () => {
      if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill();
      server = undefined;
      await schema.drop();
    });

    async function start(): Promise<ServerProcess> {
      server = await startServerProcess({ env: { DATABASE_URL: schema.url } });
      return server;
    }

    async function createLink(running: ServerProcess, shortCode: string): Promise<void> {
      const response = await fetch(`${running.url}/api/links`, {
        method: 'POST',
        headers: { 'X-API-Key': running.adminKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ target_url: 'https://example.com/', short_code: shortCode }),
      });
      expect(response.status).toBe(201);
    }

    async function storedClicks(): Promise<number> {
      return (await schema.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM clicks'))[0]!.n;
    }

    it('keeps every answered click when SIGKILLed right after', async () => {
      const running = await start();
      expect(running.output()).toContain('(database: postgres,');
      await createLink(running, 'durable');
      const statuses = await sendRedirects(running, 'durable', CLICKS);
      expect(statuses.filter((status) => status === 302)).toHaveLength(CLICKS);
      await running.kill();
      expect(running.child.signalCode).toBe('SIGKILL');
      expect(await storedClicks()).toBe(CLICKS);
    });

    it('stores every answered click on SIGTERM and exits 0', async () => {
      const running = await start();
      await createLink(running, 'graceful');
      let exit: Promise<number | null> | undefined;
      const statuses = await sendRedirects(running, 'graceful', CLICKS, () => {
        exit = running.stop();
      });
      expect(await exit).toBe(0);
      const answered = statuses.filter((status) => status === 302).length;
      expect(answered).toBeGreaterThan(0);
      expect(await storedClicks()).toBe(answered);
      expect(running.output()).toContain('me: stopped');
    });
  });
});
