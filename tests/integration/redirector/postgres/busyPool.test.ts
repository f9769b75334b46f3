/**
 * A busy pool is not an outage (docs/api.md#when-the-database-is-busy): with every pooled
 * connection held, a call that waits 5 s for one answers 503 "busy" with `Retry-After: 1`,
 * `/healthz` says `busy`, and nothing says the database is down (no outage line, `isUp` stays
 * true). Once the connections are free, calls are answered again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import {
  createTestSchema,
  type PostgresTestServer,
  startPostgresTestServer,
  type TestSchema,
} from '../../../helpers/postgres';
import type { TestServer } from '../../../helpers/testServer';

describe('a PostgreSQL pool with every connection busy', () => {
  let schema: TestSchema;
  let server: PostgresTestServer;
  let logs: CapturedLogs;
  const asTest = () => server as unknown as TestServer;

  beforeAll(async () => {
    schema = await createTestSchema();
    logs = captureLogs();
    server = await startPostgresTestServer(schema.url);
  });
  afterAll(async () => {
    await server?.close();
    logs?.restore();
    await schema?.drop();
  });

  it('answers 503 busy to the calls that found no connection, and never calls it an outage', async () => {
    const admin = adminHeaders(server.adminKey);
    expect(
      (await call(asTest(), 'POST', '/api/links', { headers: admin, body: { target_url: 'https://example.com/busy' } }))
        .status,
    ).toBe(201);
    const before = logs.lines.length;
    // Every connection of the pool taken (10), as calls waiting on a lock would hold them.
    const held = await Promise.all(Array.from({ length: 10 }, () => server.store.pool.connect()));
    try {
      const [read, health] = await Promise.all([
        call(asTest(), 'GET', '/api/links', { headers: admin }),
        fetch(`${server.url}/healthz`).then(async (res) => ({ status: res.status, body: await res.json() })),
      ]);
      expect({ status: read.status, retryAfter: read.headers.get('retry-after'), body: read.body }).toEqual({
        status: 503,
        retryAfter: '1',
        body: { error: 'The database is busy; try again shortly' },
      });
      expect(health).toMatchObject({ status: 200, body: { status: 'degraded', database: 'busy' } });
      expect(server.store.health.isUp()).toBe(true);
    } finally {
      for (const client of held) client.release();
    }
    expect((await call(asTest(), 'GET', '/api/links', { headers: admin })).status).toBe(200);
    expect(server.store.health.isUp()).toBe(true);
    const lines = logs.lines.slice(before);
    expect(lines.filter((line) => /unreachable|answers again/.test(line))).toEqual([]);
    expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: 'ok' });
  });

  it('answers a link with a click limit 503 busy while no connection is free, not as expired', async () => {
    const created = await call(asTest(), 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: { target_url: 'https://example.com/limited', short_code: 'busy-limit', max_clicks: 100 },
    });
    expect(created.status).toBe(201);
    const visit = () => fetch(`${server.url}/busy-limit`, { redirect: 'manual' });
    expect((await visit()).status).toBe(302);
    const held = await Promise.all(Array.from({ length: 10 }, () => server.store.pool.connect()));
    let during: Response;
    try {
      during = await visit();
    } finally {
      for (const client of held) client.release();
    }
    expect({ status: during.status, retryAfter: during.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '1',
    });
    expect((await visit()).status).toBe(302);
  });
});
