/**
 * Two instances of the service on one PostgreSQL database: a link one of them changes is not
 * served stale by the other's in-memory link cache, and clicks stored by either count for both.
 */
import { describe, expect, it } from 'vitest';
import { until, waitUntil } from '../../../helpers/polling';
import { type PostgresTestServer, twoServersOnOneSchema } from '../../../helpers/postgres';
import { UA } from '../../../helpers/visitors';

async function api(server: PostgresTestServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'X-API-Key': server.adminKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function follow(server: PostgresTestServer, shortCode: string) {
  const response = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': UA.desktopChrome },
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

/** Waits until the instance's link cache no longer holds `shortCode` (its notification arrived). */
const forgotten = (server: PostgresTestServer, shortCode: string) =>
  waitUntil(
    `the instance to forget ${shortCode}`,
    () => server.app.services.linkCache.peek(shortCode) === undefined,
    10_000,
    10,
  );

/**
 * Follows `shortCode` on `server` until its link cache holds the link. The notification of the
 * link's creation can reach the instance just after a first visit cached it, and drops it again;
 * a later visit caches it for good.
 */
const cachedAfterVisits = (server: PostgresTestServer, shortCode: string) =>
  until(
    async () => ({ visit: await follow(server, shortCode), cached: server.app.services.linkCache.peek(shortCode) }),
    ({ cached }) => cached != null,
    10_000,
    20,
  );

describe('two instances on one database', () => {
  const instances = twoServersOnOneSchema();

  it('never serve a link the other instance updated, created or deleted', async () => {
    const { a, b } = instances;
    const created = await api(a, 'POST', '/api/links', { target_url: 'https://one.example/', short_code: 'shared' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // B caches the link, and a miss for a code nobody has yet.
    const first = await cachedAfterVisits(b, 'shared');
    expect(first.visit).toEqual({ status: 302, location: 'https://one.example/' });
    expect(first.cached).toMatchObject({ id, target_url: 'https://one.example/' });
    expect(await follow(b, 'later')).toEqual({ status: 404, location: null });
    expect(b.app.services.linkCache.peek('later')).toBeNull();

    expect((await api(a, 'PUT', `/api/links?id=${id}`, { target_url: 'https://two.example/' })).status).toBe(200);
    await forgotten(b, 'shared');
    expect(await follow(b, 'shared')).toEqual({ status: 302, location: 'https://two.example/' });

    expect(
      (await api(a, 'POST', '/api/links', { target_url: 'https://later.example/', short_code: 'later' })).status,
    ).toBe(201);
    await forgotten(b, 'later');
    expect(await follow(b, 'later')).toEqual({ status: 302, location: 'https://later.example/' });

    expect(b.app.services.linkCache.peek('shared')).toBeDefined();
    expect((await api(a, 'DELETE', `/api/links?id=${id}`)).status).toBe(204);
    await forgotten(b, 'shared');
    expect(await follow(b, 'shared')).toEqual({ status: 404, location: null });
  });

  it('count the clicks either one stored', async () => {
    const { a, b } = instances;
    await api(a, 'POST', '/api/links', { target_url: 'https://count.example/', short_code: 'count' });
    await follow(a, 'count');
    await follow(b, 'count');
    await follow(b, 'count');
    for (const server of [a, b]) {
      const links = (await api(server, 'GET', '/api/links')).body as { short_code: string; clicks: number }[];
      expect(links.find((link) => link.short_code === 'count')?.clicks).toBe(3);
    }
  });

  it('share the sign-in limit: failures on one instance refuse the address on the other', async () => {
    const { a, b } = instances;
    for (let i = 0; i < 10; i++) {
      expect((await api(a, 'POST', '/api/auth?action=admin', { key: 'wrong-key' })).status).toBe(401);
    }
    expect((await api(a, 'POST', '/api/auth?action=admin', { key: a.adminKey })).status).toBe(429);
    expect((await api(b, 'POST', '/api/auth?action=admin', { key: b.adminKey })).status).toBe(429);
  });
});
