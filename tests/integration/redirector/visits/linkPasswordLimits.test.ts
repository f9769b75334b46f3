/**
 * The password form's hardening on both stores (docs/api.md#link-options): a limit per link from
 * every address together (shared by instances on PostgreSQL), shown to the owner in the link's
 * analytics; lengths in code points; and, with ANONYMIZE_IPS=1, one count per full address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, call } from '../../../helpers/api';
import { createTestSchema, startPostgresTestServer } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from '../http/bothStores';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const HOUR = 3_600_000;

/** Both stores' servers, as the API helpers take them (bothStores.ts does the same). */
type Served = TestServer;

function post(server: Served, shortCode: string, password: string, ip: string) {
  return request(`${server.url}/${shortCode}`, {
    method: 'POST',
    headers: { ...FORM, 'User-Agent': UA.desktopChrome, 'X-Forwarded-For': ip },
    body: new URLSearchParams({ password }).toString(),
  });
}

async function createLink(server: Served, body: Record<string, unknown>): Promise<Link> {
  const answer = await call(server, 'POST', '/api/links', {
    headers: adminHeaders(server.adminKey),
    body: { target_url: 'https://example.com/in', ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Link;
}

/** `count` wrong answers from ten addresses of their own each (under the per-address limit), all at once. */
function wrongAnswers(servers: Served[], shortCode: string, count: number, firstOctet: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      post(servers[i % servers.length]!, shortCode, `wrong-${i}`, `198.${firstOctet}.${Math.floor(i / 10)}.7`),
    ),
  );
}

async function lockedUntil(server: Served, linkId: number): Promise<string | null> {
  const answer = await call(server, 'GET', `/api/analytics/${linkId}`, { headers: adminHeaders(server.adminKey) });
  expect(answer.status).toBe(200);
  return answer.body.passwordLockedUntil as string | null;
}

describe.each(STORE_SERVERS)('link password limits ($kind)', ({ start }) => {
  let server: Awaited<ReturnType<typeof start>>;

  serverSuite(start, [{ TRUST_PROXY: '1' }], (p) => (server = p));

  it('takes at most 100 wrong answers an hour for one link from all addresses, then answers 429 to anyone', async () => {
    const locked = await createLink(server, { short_code: 'many-tries', password: 'the right one' });
    const other = await createLink(server, { short_code: 'other-tries', password: 'the right one' });
    expect(await lockedUntil(server, locked.id)).toBeNull();

    const answers = await wrongAnswers([server], locked.short_code, 110, 51);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);

    // A new address, with the right password: refused too, with the page and Retry-After.
    const refused = await post(server, locked.short_code, 'the right one', '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Too many wrong passwords');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(HOUR / 1000 - 120);
    expect((await post(server, other.short_code, 'the right one', '192.0.2.200')).status).toBe(302);

    // The owner's calls are unaffected, and the analytics say until when the form refuses.
    const owner = await call(server, 'GET', `/api/links?id=${locked.id}`, { headers: adminHeaders(server.adminKey) });
    expect(owner.status).toBe(200);
    const until = Date.parse((await lockedUntil(server, locked.id)) ?? '');
    expect(until).toBeGreaterThan(Date.now() + HOUR - 120_000);
    expect(until).toBeLessThanOrEqual(Date.now() + HOUR);
    expect(await lockedUntil(server, other.id)).toBeNull();
  });

  it('counts a password in code points, as when it is set: 100 emoji open the link, 129 characters are refused', async () => {
    const emoji = '🔑'.repeat(100);
    const locked = await createLink(server, { short_code: 'emoji-key', password: emoji });
    const right = await post(server, locked.short_code, emoji, '192.0.2.10');
    expect([right.status, right.headers.location]).toEqual([302, 'https://example.com/in']);
    expect((await post(server, locked.short_code, '🔑'.repeat(99), '192.0.2.10')).status).toBe(401);
    const tooLong = await call(server, 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: { target_url: 'https://example.com/', password: '🔑'.repeat(129) },
    });
    expect(tooLong.status).toBe(400);
  });

  it('the redirect after the right password is no-store and noindex', async () => {
    const locked = await createLink(server, { short_code: 'private-door', password: 'open please' });
    const right = await post(server, locked.short_code, 'open please', '192.0.2.11');
    expect(right.status).toBe(302);
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.headers['x-robots-tag']).toBe('noindex');
  });
});

describe.each(STORE_SERVERS)('link password limits with ANONYMIZE_IPS=1 ($kind)', ({ start }) => {
  let server: Awaited<ReturnType<typeof start>>;

  serverSuite(start, [{ TRUST_PROXY: '1', ANONYMIZE_IPS: '1' }], (p) => (server = p));

  it('limits two addresses of one /24 separately (a keyed hash of the full address, not the stored one)', async () => {
    const locked = await createLink(server, { short_code: 'neighbours', password: 'right one' });
    const first = await Promise.all(
      Array.from({ length: 10 }, () => post(server, locked.short_code, 'nope', '203.0.113.5')),
    );
    expect(first.map((answer) => answer.status)).toEqual(new Array(10).fill(401));
    expect((await post(server, locked.short_code, 'right one', '203.0.113.5')).status).toBe(429);
    expect((await post(server, locked.short_code, 'nope', '203.0.113.6')).status).toBe(401);
    expect((await post(server, locked.short_code, 'right one', '203.0.113.6')).status).toBe(302);
    const clicks = await server.store.clicks.listByLink(locked.id);
    expect(clicks.map((click) => click.ip_address)).toEqual(['203.0.113.0']);
  });
});

describe('link password limits across two PostgreSQL instances', () => {
  const servers: Awaited<ReturnType<typeof startPostgresTestServer>>[] = [];
  let schema: Awaited<ReturnType<typeof createTestSchema>>;

  beforeAll(async () => {
    schema = await createTestSchema();
    for (let i = 0; i < 2; i++) servers.push(await startPostgresTestServer(schema.url, { env: { TRUST_PROXY: '1' } }));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await schema.drop();
  });

  it('counts both instances toward one limit per link, and both show the lockout', async () => {
    const [a, b] = servers as unknown as [Served, Served];
    const locked = await createLink(a, { short_code: 'shared-tries', password: 'the right one' });
    const answers = await wrongAnswers([a, b], locked.short_code, 104, 52);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    for (const server of [a, b]) {
      expect((await post(server, locked.short_code, 'the right one', '192.0.2.99')).status).toBe(429);
      expect(await lockedUntil(server, locked.id)).not.toBeNull();
    }
  });
});
