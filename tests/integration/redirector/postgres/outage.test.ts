/**
 * PostgreSQL stopped at once under a steady stream of redirects, then started again
 * (docs/api.md#when-the-database-is-unreachable): links resolved before keep resolving, their
 * clicks wait in the spool and are stored once the database is back; other calls answer 503 with
 * Retry-After; /healthz says degraded, /metrics me_database_up 0; one log line each way. Then the
 * service is killed (-9) while the spool holds clicks and started again: every answered click is
 * stored exactly once, and the figures count them all. Runs the BUILT server (`npm run build`
 * first) against a PostgreSQL server of the test's own.
 */
import http from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createOwnPostgres, type OwnPostgres, ownPostgresAvailable } from '../../../helpers/ownPostgres';
import { newLink } from '../../../helpers/records';
import { type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';

const CODES = ['outage-a', 'outage-b', 'outage-c'];
const METRICS_TOKEN = 'metrics-token-0123456789';
const RATE = 150;

const linkOf = (shortCode: string) =>
  newLink({ title: shortCode, target_url: `https://example.com/${shortCode}`, short_code: shortCode, created_at: 0 });

/** A visitor address of its own per request, so that each stored click says which answer it was. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface Stream {
  /** Addresses of the redirects answered 302, of those that got no answer, and every status seen. */
  answered: string[];
  unanswered: Set<string>;
  statuses: Map<number, number>;
  stop(): Promise<void>;
}

let sent = 0;

/** About RATE redirects a second, spread over the links, until stopped. */
function steadyRedirects(url: () => string): Stream {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const answered: string[] = [];
  const unanswered = new Set<string>();
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  const one = () => {
    const n = ++sent;
    const address = addressOf(n);
    const request = new Promise<void>((resolve) => {
      const req = http.get(
        `${url()}/${CODES[n % CODES.length]}`,
        { agent, headers: { 'User-Agent': UA.iphoneSafari, 'X-Forwarded-For': address } },
        (res) => {
          res.resume();
          res.on('end', () => {
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            if (res.statusCode === 302) answered.push(address);
            resolve();
          });
          res.on('error', () => {
            unanswered.add(address);
            resolve();
          });
        },
      );
      req.on('error', () => {
        unanswered.add(address);
        resolve();
      });
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };
  const timer = setInterval(() => {
    for (let i = 0; i < RATE / 50; i++) one();
  }, 20);
  return {
    answered,
    unanswered,
    statuses,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      agent.destroy();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function metric(server: ServerProcess, name: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

const countOf = (text: string, needle: string) => text.split(needle).length - 1;

describe.runIf(ownPostgresAvailable())('PostgreSQL unreachable (built server, a PostgreSQL of its own)', () => {
  let postgres: OwnPostgres | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    postgres = await createOwnPostgres();
    return () => postgres?.destroy();
  }, 120_000);
  afterEach(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill();
  });

  it('keeps answering known links, spools their clicks and stores each answered one exactly once', async () => {
    const own = postgres!;
    const setup = await createPostgresStore(own.url);
    const linkIds = await Promise.all(CODES.map(async (code) => (await setup.links.create(linkOf(code))).id));
    await setup.close();
    const dataDir = makeTempDir('me-outage-');
    const env = { DATABASE_URL: own.url, TRUST_PROXY: '1', METRICS_TOKEN };
    server = await startServerProcess({ dataDir, env });
    const current = () => server!.url;
    const stream = steadyRedirects(current);
    await sleep(1000);

    own.stopNow();
    await sleep(2500);
    if (server.child.exitCode !== null) console.log(server.output().slice(-4000));
    const during = await fetch(`${current()}/healthz`);
    expect(during.status).toBe(200);
    expect(await during.json()).toMatchObject({ status: 'degraded' });
    expect(await metric(server, 'me_database_up')).toBe(0);
    const api = await fetch(`${current()}/api/links`, { headers: { 'X-API-Key': server.adminKey } });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await api.json()).toEqual({ error: 'The database is unreachable; try again shortly' });
    const unknown = await fetch(`${current()}/never-resolved`, { redirect: 'manual' });
    expect(unknown.status).toBe(503);
    const answeredWhileDown = stream.answered.length;

    own.start();
    await until('the database back', async () => (await metric(server!, 'me_database_up')) === 1);
    await until('the spool replayed', async () => (await metric(server!, 'me_clicks_pending')) === 0);
    await sleep(500);
    const output = server.output();
    expect(countOf(output, 'the database is unreachable')).toBe(1);
    expect(countOf(output, 'the database answers again')).toBe(1);
    expect(output).not.toContain('an idle PostgreSQL connection failed');

    // Down again; the service is killed while its spool holds the clicks it answered meanwhile.
    own.stopNow();
    await sleep(1500);
    await server.kill();
    await stream.stop();
    expect(stream.answered.length).toBeGreaterThan(answeredWhileDown);
    expect([...stream.statuses.keys()].filter((status) => status !== 302 && status !== 503)).toEqual([]);

    own.start();
    server = await startServerProcess({ dataDir, env });
    await until('the spool replayed after the restart', async () => (await metric(server!, 'me_clicks_pending')) === 0);

    // Every answered click stored once; besides them, only clicks whose answer the kill cut off.
    const check = await createPostgresStore(own.url);
    let stored: string[];
    try {
      stored = (await Promise.all(linkIds.map((id) => check.clicks.listByLink(id)))).flat().map((c) => c.ip_address!);
    } finally {
      await check.close();
    }
    expect(stored.length).toBe(new Set(stored).size);
    const answered = new Set(stream.answered);
    expect(stream.answered.filter((address) => !stored.includes(address))).toEqual([]);
    expect(stored.filter((address) => !answered.has(address) && !stream.unanswered.has(address))).toEqual([]);
    let total = 0;
    for (const id of linkIds) {
      const res = await fetch(`${current()}/api/analytics/${id}`, { headers: { 'X-API-Key': server.adminKey } });
      total += ((await res.json()) as { stats: { totalClicks: number } }).stats.totalClicks;
    }
    expect(total).toBe(stored.length);
  }, 180_000);
});
