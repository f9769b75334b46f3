/**
 * One log line each way (docs/api.md#when-the-database-is-unreachable): PostgreSQL reached through
 * a TCP proxy of the test's own, cut for a few seconds while requests and background work go on.
 * The captured log has at most three lines about the outage, one of them saying it is back and how
 * many calls failed meanwhile. The shared PostgreSQL is never stopped: only the proxy is cut.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logProblem } from '../../../../redirector/observability/logger';
import { adminHeaders, call } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import {
  createTestSchema,
  type PostgresTestServer,
  startPostgresTestServer,
  TEST_DATABASE_URL,
  type TestSchema,
} from '../../../helpers/postgres';
import type { TestServer } from '../../../helpers/testServer';

interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones until `mend`. */
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      open = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a PostgreSQL outage in the log', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let server: PostgresTestServer;
  const asTest = () => server as unknown as TestServer;
  let logs: CapturedLogs;

  beforeAll(async () => {
    schema = await createTestSchema();
    const direct = new URL(TEST_DATABASE_URL);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const url = new URL(schema.url);
    url.host = `127.0.0.1:${proxy.port}`;
    logs = captureLogs();
    // TRUST_PROXY: a test calls from an address of its own, past the wrong sign-ins the first one sends.
    server = await startPostgresTestServer(url.toString(), { env: { LINK_CHECK_HOURS: '0.0003', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await server?.close();
    logs?.restore();
    await proxy?.close();
    await schema?.drop();
  });

  it('says once that the database went and once that it is back, with the calls that failed', async () => {
    const admin = adminHeaders(server.adminKey);
    const created = await call(asTest(), 'POST', '/api/links', {
      headers: admin,
      body: { target_url: 'https://example.com/outage', short_code: 'outage-log' },
    });
    expect(created.status).toBe(201);
    let going = true;
    const statuses: number[] = [];
    const traffic = (async () => {
      while (going) {
        const answers = await Promise.all([
          fetch(`${server.url}/outage-log`, { redirect: 'manual' }).then((res) => res.status),
          call(asTest(), 'GET', '/api/links', { headers: admin }).then((res) => res.status),
          call(asTest(), 'GET', '/api/analytics/summary', { headers: admin }).then((res) => res.status),
          call(asTest(), 'POST', '/api/auth?action=login', {
            body: { email: 'a@b.c', password: 'wrong-password' },
          }).then((res) => res.status),
        ]).catch(() => [0]);
        statuses.push(...answers);
        await sleep(100);
      }
    })();
    await sleep(1000);
    const before = logs.lines.length;
    proxy.cut();
    await sleep(5000);
    proxy.mend();
    const deadline = Date.now() + 15_000;
    while (!server.store.health.isUp() && Date.now() < deadline) await sleep(100);
    await sleep(2500);
    going = false;
    await traffic;
    // Besides the access lines: what the outage wrote.
    const lines = logs.lines.slice(before).filter((line) => !/ me: (GET|POST) \//.test(line));
    expect(statuses).toContain(503);
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(3);
    expect(
      lines.filter((line) => line.includes('the database is unreachable')),
      lines.join('\n'),
    ).toHaveLength(1);
    const back = lines.filter((line) => line.includes('the database answers again'));
    expect(back, lines.join('\n')).toHaveLength(1);
    const failed = Number(/after [\d.]+ s; (\d+) calls? failed meanwhile/.exec(back[0]!)?.[1]);
    expect(failed).toBeGreaterThan(0);
  });

  it('answers a link with a click limit 503 while the database is away, not as expired, and redirects once it is back', async () => {
    const created = await call(asTest(), 'POST', '/api/links', {
      headers: { ...adminHeaders(server.adminKey), 'X-Forwarded-For': '198.51.100.40' },
      body: {
        target_url: 'https://example.com/limited',
        short_code: 'outage-limit',
        max_clicks: 100,
        expired_url: 'https://example.com/expired',
      },
    });
    expect(created.status).toBe(201);
    const visit = () => fetch(`${server.url}/outage-limit`, { redirect: 'manual' });
    expect((await visit()).headers.get('location')).toBe('https://example.com/limited');
    const before = logs.lines.length;
    proxy.cut();
    const during = await visit();
    proxy.mend();
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    const deadline = Date.now() + 15_000;
    while (!server.store.health.isUp() && Date.now() < deadline) await sleep(100);
    expect((await visit()).headers.get('location')).toBe('https://example.com/limited');
    expect(logs.lines.slice(before).filter((line) => line.includes('unexpected error'))).toEqual([]);
  });

  it("still writes a refused connection that is not the database's while the database answers", async () => {
    const before = logs.lines.length;
    const refused: NodeJS.ErrnoException = new Error('connect ECONNREFUSED 127.0.0.1:25');
    refused.code = 'ECONNREFUSED';
    logProblem('mailing a password reset link failed', refused);
    const deadline = Date.now() + 5000;
    while (logs.lines.length === before && Date.now() < deadline) await sleep(20);
    expect(logs.lines.slice(before)).toEqual([expect.stringContaining('mailing a password reset link failed')]);
  });
});
