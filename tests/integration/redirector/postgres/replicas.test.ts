/**
 * Read replicas against a real streaming standby (docs/api.md#read-replicas): a cluster of the
 * test's own and a `pg_basebackup -R` standby of it that logs every statement with its
 * application name. Link lists and analytics read the standby; a caller reads its own write at
 * once (its reads go to the primary for 5 s) while another caller still reads the standby; a
 * standby paused (lagging), stopped or no longer answering (down) is left out and taken back (a read
 * waiting on it when it stops answering goes on at the primary); /healthz and /metrics say
 * so; and no statement on the standby writes (the fold runs in the background on the primary).
 */
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../redirector/config';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import {
  createOwnPostgres,
  createOwnStandby,
  type OwnPostgres,
  ownPostgresAvailable,
} from '../../../helpers/ownPostgres';
import { makeTempDir, NO_LINK_CHECKS, serveApp, TEST_ADMIN_KEY } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';

const METRICS_TOKEN = 'metrics-token-0123456789';
const REPLICA_APP = 'me-redirector-replica';
/** rollups.ts's fold lock in the cluster's default schema. */
const FOLD_LOCK_KEY = `hashtextextended('me:analytics_fold:' || COALESCE(current_schema(), ''), 0)`;

interface Answer {
  status: number;
  body: unknown;
}

/** Polls `check` every 100 ms until it holds (the test's own timeout ends a wait that never does). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The standby's log, one entry per logged line with its continuation lines, of our replica pool. */
function replicaStatements(standby: OwnPostgres): string[] {
  const log = fs.readFileSync(standby.logFile, 'utf8');
  return log
    .split(/\n(?=[^\s:]*:[A-Z]+:)/)
    .filter((entry) => entry.startsWith(`${REPLICA_APP}:LOG:`))
    .map((entry) => entry.replace(/^[^:]*:LOG:\s+(statement|execute [^:]*):\s*/, '').trim());
}

describe.skipIf(!ownPostgresAvailable())('read replicas on a streaming standby', () => {
  let primary: OwnPostgres;
  let standby: OwnPostgres;
  let standbyClient: pg.Client;
  let server: Awaited<ReturnType<typeof serveApp>>;
  let readerKey: string;
  let markers = 0;

  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
  };
  const author = { 'X-API-Key': TEST_ADMIN_KEY };
  const reader = () => ({ 'X-API-Key': readerKey });
  const healthz = async () => (await call('GET', '/healthz', {})).body;
  const stateOfReplica = async () => (await healthz()).replicas[0].state as string;
  /** A list read whose search text appears in the log of whichever server ran it. */
  const listWithMarker = async (headers: Record<string, string>): Promise<{ marker: string; answer: Answer }> => {
    markers += 1;
    const marker = `marker-${markers}-${Date.now()}`;
    return { marker, answer: await call('GET', `/api/links?q=${marker}`, headers) };
  };
  /** Whether a statement of our replica pool carried `marker` (its parameters are logged apart). */
  const readOnStandby = (marker: string) =>
    fs
      .readFileSync(standby.logFile, 'utf8')
      .split('\n')
      .some((line) => line.startsWith(`${REPLICA_APP}:`) && line.includes(marker));
  const queuedClicks = async () => {
    const { rows } = await standbyClient.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM clicks_unfolded');
    return rows[0]!.n;
  };
  const clickThrice = async () => {
    for (const ip of ['8.8.8.8', '8.8.4.4', '8.8.8.8']) {
      const answer = await fetch(`${server.url}/replica-a`, {
        redirect: 'manual',
        headers: { 'User-Agent': UA.desktopChrome, 'X-Forwarded-For': ip },
      });
      expect(answer.status).toBe(302);
    }
  };
  const createLink = async (shortCode: string) => {
    const created = await call('POST', '/api/links', author, {
      title: shortCode,
      target_url: `https://example.com/${shortCode}`,
      short_code: shortCode,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };

  beforeAll(async () => {
    // Throwaway clusters: no flush to disk (the migrations' many commits would wait for it).
    primary = await createOwnPostgres(['fsync=off']);
    standby = await createOwnStandby(primary, ['fsync=off', 'log_statement=all', 'log_line_prefix=%a:']);
    standbyClient = new pg.Client({ connectionString: standby.url });
    await standbyClient.connect();
    const dataDir = makeTempDir('me-replicas-');
    const config = loadConfig({
      PORT: '0',
      ADMIN_KEY: TEST_ADMIN_KEY,
      DATA_DIR: dataDir,
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: `postgres://postgres:not-shown@127.0.0.1:${standby.port}/postgres`,
      // The other caller's read below must come before the standby is 3 s behind.
      REPLICA_MAX_LAG_S: '3',
      METRICS_TOKEN,
      ...NO_LINK_CHECKS,
    });
    const store = await createPostgresStore(primary.url, { replicas: config.replicas });
    server = await serveApp(config, store);
    // A second caller: the administrator's API key, a credential of its own.
    const key = await call('POST', '/api/keys', author, { name: 'reader' });
    expect(key.status).toBe(201);
    readerKey = key.body.secret;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await standbyClient?.end().catch(() => undefined);
    standby?.destroy();
    primary?.destroy();
  });

  it('reads lists and analytics on the standby, where a read folds nothing: the primary folds in the background', async () => {
    const id = await createLink('replica-a');
    // The fold's turn held (rollups.ts's advisory lock): a read that folded first would wait here.
    const folds = new pg.Client({ connectionString: primary.url });
    await folds.connect();
    await folds.query(`SELECT pg_advisory_lock(${FOLD_LOCK_KEY})`);
    try {
      await clickThrice();
      await until(async () => (await queuedClicks()) === 3);
      const unfolded = await call('GET', `/api/analytics/${id}`, reader());
      expect(unfolded.body.stats.totalClicks).toBe(0);
    } finally {
      await folds.end();
    }
    // The background fold on the primary counts them; the standby replays what it wrote.
    await until(async () => (await call('GET', `/api/links?id=${id}`, reader())).body.total_clicks === 3);
    const { marker, answer } = await listWithMarker(reader());
    expect(answer.status).toBe(200);
    expect(readOnStandby(marker)).toBe(true);
    for (const path of ['/api/analytics/summary', `/api/analytics/${id}`, '/api/analytics/repeat-visitors']) {
      expect((await call('GET', path, reader())).status).toBe(200);
    }
    const stats = await call('GET', `/api/analytics/${id}`, reader());
    expect(stats.body.stats).toMatchObject({ totalClicks: 3 });
    // The orphan visits' report too (it once read the primary).
    expect((await call('GET', '/api/analytics/orphans', reader())).status).toBe(200);
    expect(replicaStatements(standby).some((statement) => statement.includes('FROM orphan_visits'))).toBe(true);
    expect(await healthz()).toMatchObject({
      status: 'ok',
      replicas: [{ name: `127.0.0.1:${standby.port}`, state: 'ok', lag_s: expect.any(Number) }],
    });
    expect(JSON.stringify(await healthz())).not.toContain('not-shown');
  });

  it('a caller reads its own write at once while another still reads the lagging standby; then it is left out and taken back', async () => {
    await standbyClient.query('SELECT pg_wal_replay_pause()');
    await createLink('replica-b');
    // The author: on the primary for 5 s after its write.
    const own = await call('GET', '/api/links?q=replica-b', author);
    expect(own.body.map((link: { short_code: string }) => link.short_code)).toEqual(['replica-b']);
    // Another caller: still on the standby, which has not replayed the write yet.
    const other = await call('GET', '/api/links?q=replica-b', reader());
    expect(other.body).toEqual([]);
    // More than REPLICA_MAX_LAG_S behind while the primary writes: left out.
    await until(async () => (await stateOfReplica()) === 'lagging');
    const whileLagging = await listWithMarker(reader());
    expect(whileLagging.answer.body).toEqual([]);
    expect(readOnStandby(whileLagging.marker)).toBe(false);
    expect((await call('GET', '/api/links?q=replica-b', reader())).body).toHaveLength(1);
    const metrics = await call('GET', '/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` });
    const lag = /me_replica_lag_seconds\{replica="127\.0\.0\.1:\d+"\} ([\d.]+)/.exec(String(metrics.body));
    expect(Number(lag?.[1])).toBeGreaterThanOrEqual(3);
    await standbyClient.query('SELECT pg_wal_replay_resume()');
    await until(async () => (await stateOfReplica()) === 'ok');
    const back = await listWithMarker(reader());
    expect(readOnStandby(back.marker)).toBe(true);
  });

  it("GET /api/init writes: its caller's next read is on the primary and finds the test link it made", async () => {
    const key = await call('POST', '/api/keys', author, { name: 'initiator' });
    expect(key.status).toBe(201);
    const initiator = { 'X-API-Key': key.body.secret as string };
    await standbyClient.query('SELECT pg_wal_replay_pause()');
    try {
      const made = await call('GET', '/api/init', initiator);
      expect(made.status).toBe(201);
      const read = await call('GET', `/api/links?q=${made.body.link.short_code}`, initiator);
      expect(read.body.map((link: { id: number }) => link.id)).toEqual([made.body.link.id]);
    } finally {
      await standbyClient.query('SELECT pg_wal_replay_resume()');
    }
    await until(async () => (await stateOfReplica()) === 'ok');
  });

  it('a stopped standby is left out (reads answer from the primary) and taken back once it answers', async () => {
    await standbyClient.end();
    standby.stopNow();
    const whileDown = await listWithMarker(reader());
    expect(whileDown.answer.status).toBe(200);
    expect((await call('GET', '/api/analytics/summary', reader())).status).toBe(200);
    expect(await healthz()).toMatchObject({ status: 'ok', replicas: [{ state: 'down', lag_s: null }] });
    const metrics = await call('GET', '/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.body).toMatch(/me_replica_up\{replica="127\.0\.0\.1:\d+"\} 0/);
    standby.start();
    await until(async () => (await stateOfReplica()) === 'ok');
    const back = await listWithMarker(reader());
    expect(back.answer.status).toBe(200);
    expect(readOnStandby(back.marker)).toBe(true);
  });

  it('a standby that stops answering in the middle of a read: the read answers from the primary once it is left out', async () => {
    await until(async () => (await stateOfReplica()) === 'ok');
    standby.freeze();
    try {
      // Sent to the standby, which holds it without an answer or an error; the next check leaves
      // the standby out as down, and the read goes on at the primary (it once waited for the thaw).
      const summary = await call('GET', '/api/analytics/summary', reader());
      expect(summary.status).toBe(200);
      expect(await stateOfReplica()).toBe('down');
    } finally {
      standby.thaw();
    }
    await until(async () => (await stateOfReplica()) === 'ok');
  }, 30_000);

  it('no statement on the standby writes, and none failed there', () => {
    const statements = replicaStatements(standby);
    expect(statements.length).toBeGreaterThan(10);
    const firstWords = new Set(statements.map((statement) => /^\w+(\s+LOCAL)?/i.exec(statement)?.[0]?.toUpperCase()));
    for (const word of firstWords)
      expect(['SELECT', 'WITH', 'BEGIN', 'COMMIT', 'ROLLBACK', 'SET LOCAL']).toContain(word);
    const log = fs.readFileSync(standby.logFile, 'utf8');
    expect(log).not.toMatch(new RegExp(`${REPLICA_APP}:ERROR:`));
  });
});
