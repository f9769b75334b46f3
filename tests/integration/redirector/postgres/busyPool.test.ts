/**
 * A busy pool is not an outage (docs/api.md#when-the-database-is-busy): with every pooled
 * connection held by calls waiting on a lock, the calls that wait 5 s for a connection answer 503
 * "busy" with `Retry-After: 1`, `/healthz` says `busy`, and nothing says the database is down (no
 * outage line, `isUp` stays true). When the lock goes, every held call is answered.
 */
import pg from 'pg';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const holder = new pg.Client({ connectionString: schema.url });
    await holder.connect();
    const before = logs.lines.length;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE links IN ACCESS EXCLUSIVE MODE');
      // 16 reads of the links: 10 take the pool's connections and wait on the lock, the rest wait for one.
      const reads = Array.from({ length: 16 }, () =>
        call(asTest(), 'GET', '/api/links', { headers: admin }).then((res) => ({
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: res.status === 503 ? res.body : undefined,
        })),
      );
      await sleep(500);
      const health = fetch(`${server.url}/healthz`).then(async (res) => ({
        status: res.status,
        body: await res.json(),
      }));
      // The first answers come while the lock is still held: those are the calls that found no connection.
      const first = await Promise.race(reads);
      expect(first.status).toBe(503);
      expect(server.store.health.isUp()).toBe(true);
      await holder.query('COMMIT');
      const answers = await Promise.all(reads);
      const busy = answers.filter((answer) => answer.status === 503);
      expect(busy.length, JSON.stringify(answers.map((answer) => answer.status))).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer).toEqual({
          status: 503,
          retryAfter: '1',
          body: { error: 'The database is busy; try again shortly' },
        });
      }
      expect(answers.filter((answer) => answer.status !== 503 && answer.status !== 200)).toEqual([]);
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      expect(await health).toMatchObject({ status: 200, body: { status: 'degraded', database: 'busy' } });
    } finally {
      await holder.end();
    }
    expect(server.store.health.isUp()).toBe(true);
    const lines = logs.lines.slice(before);
    expect(lines.filter((line) => /unreachable|answers again/.test(line))).toEqual([]);
    expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: 'ok' });
  });
});
