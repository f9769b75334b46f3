/** The service end to end on PostgreSQL: sign in, create a link, follow it, see it counted and analysed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSchema,
  type PostgresTestServer,
  startPostgresTestServer,
  type TestSchema,
} from '../../../helpers/postgres';
import { UA } from '../../../helpers/visitors';

const NOW = Date.UTC(2026, 0, 15, 9, 30, 0);

async function json(server: PostgresTestServer, method: string, path: string, headers = {}, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function follow(server: PostgresTestServer, shortCode: string, visitor: { ua: string; ip: string }) {
  const response = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': visitor.ua, 'X-Forwarded-For': visitor.ip },
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

describe('the service on PostgreSQL', () => {
  let schema: TestSchema;
  let server: PostgresTestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    schema = await createTestSchema();
    server = await startPostgresTestServer(schema.url, { env: { TRUST_PROXY: '1' }, clock: () => NOW });
  });
  afterAll(async () => {
    await server?.close();
    await schema?.drop();
  });

  it('answers /healthz', async () => {
    expect(await json(server, 'GET', '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('signs the admin in, creates a link, follows it and counts and analyses its clicks', async () => {
    const login = await json(server, 'POST', '/api/auth?action=admin', {}, { key: server.adminKey });
    expect(login.status).toBe(200);
    admin = { 'X-API-Key': login.body.apiKey };

    const created = await json(server, 'POST', '/api/links', admin, {
      title: 'Smoke',
      target_url: 'https://example.com/landing',
      short_code: 'Smoke-1',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    // Two people (one twice), and a bot that is redirected but never counted.
    const us = { ua: UA.desktopChrome, ip: '8.8.8.8' };
    const india = { ua: UA.androidChrome, ip: '49.36.0.1' };
    for (const visitor of [us, us, india, { ua: UA.googlebot, ip: '66.249.66.1' }]) {
      expect(await follow(server, 'Smoke-1', visitor)).toEqual({
        status: 302,
        location: 'https://example.com/landing',
      });
    }
    expect(await follow(server, 'smoke-1', us)).toEqual({ status: 404, location: null });

    const link = await json(server, 'GET', `/api/links?id=${id}`, admin);
    expect(link.body).toMatchObject({ id, clicks: 3, total_clicks: 3, unique_visitors: 2, blocked_visitors: 0 });
    const listed = await json(server, 'GET', '/api/links', admin);
    expect(listed.body.map((l: { short_code: string; clicks: number }) => [l.short_code, l.clicks])).toEqual([
      ['Smoke-1', 3],
    ]);

    const analytics = await json(server, 'GET', `/api/analytics/${id}?tz=Asia/Kolkata`, admin);
    expect(analytics.status).toBe(200);
    expect(analytics.body.stats).toMatchObject({
      totalClicks: 3,
      uniqueVisitors: 2,
      deviceStats: { ios: 0, android: 1, web: 2 },
      countryCounts: { US: 2, IN: 1 },
      referrerCounts: { Direct: 3 },
    });
    expect(analytics.body.recentClicks).toHaveLength(3);
    expect(await server.store.clicks.countAll()).toBe(4);

    const summary = await json(server, 'GET', '/api/analytics/summary', admin);
    expect(summary.body).toEqual({
      totalLinks: 1,
      totalClicks: 3,
      uniqueVisitors: 2,
      todayClicks: 3,
      deviceStats: { ios: 0, android: 1, web: 2 },
      countryCounts: { US: 2, IN: 1 },
    });
    const funnel = await json(server, 'GET', '/api/analytics/funnel', admin);
    expect(funnel.body).toMatchObject({ clicks: 3, engaged: 0, impressions: 9 });
    const repeat = await json(server, 'GET', '/api/analytics/repeat-visitors', admin);
    expect(repeat.body).toMatchObject({ totalUniqueVisitors: 2, repeatVisitors: 1 });
  });

  it('registers a user whose links and domain live in PostgreSQL too', async () => {
    const account = { name: 'Pat', email: 'Pat@Example.com', password: 'secret-pw' };
    expect((await json(server, 'POST', '/api/auth?action=register', {}, account)).status).toBe(201);
    expect((await json(server, 'POST', '/api/auth?action=register', {}, account)).status).toBe(409);
    const login = await json(
      server,
      'POST',
      '/api/auth?action=login',
      {},
      { email: 'pat@example.com', password: 'secret-pw' },
    );
    expect(login.status).toBe(200);
    const user = { Authorization: `Bearer ${login.body.token}` };
    const created = await json(server, 'POST', '/api/links/create', user, { target_url: 'https://example.org/' });
    expect(created.status).toBe(201);
    expect(created.body.link.short_code).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(
      (await json(server, 'POST', '/api/links/create', user, { target_url: 'https://x.org/', short_code: 'Smoke-1' }))
        .status,
    ).toBe(409);
    expect((await json(server, 'POST', '/api/user/domain', user, { domain: 'go.pat.dev' })).body).toMatchObject({
      domain: 'go.pat.dev',
      verification: { status: 'pending', record: { type: 'TXT', name: '_me-challenge.go.pat.dev' } },
    });
    const links = await json(server, 'GET', '/api/links/user', user);
    expect(links.body.links.map((l: { id: number }) => l.id)).toEqual([created.body.link.id]);
    expect((await json(server, 'POST', '/api/auth?action=logout', user)).status).toBe(200);
    expect((await json(server, 'GET', '/api/links/user', user)).status).toBe(401);
  });
});
