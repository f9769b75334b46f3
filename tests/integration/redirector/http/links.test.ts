import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import {
  type AnyAnswer,
  adminHeaders,
  bearer,
  type CallOptions,
  call,
  clickOf,
  defaultLinkOptions,
  LINK_FIELDS,
  newUser,
} from '../../../helpers/api';
import { liteCountryRedirectInput, NO_CLICKS_YET, noRedirectRules } from '../../../helpers/linkFixtures';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const START = Date.UTC(2026, 0, 15, 9, 30, 0);

describe('admin link calls', () => {
  let now = START;
  let server: TestServer;
  let admin: (method: string, path: string, options?: CallOptions) => Promise<AnyAnswer>;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
    admin = (method, path, options = {}) =>
      call(server, method, path, { ...options, headers: { ...adminHeaders(server.adminKey), ...options.headers } });
  });
  afterAll(() => server.close());

  const create = (body: Record<string, unknown>) => admin('POST', '/api/links', { body });

  it('POST /api/links creates a link with every field of the contract', async () => {
    now += 1000;
    const answer = await create({
      title: 'Spring sale',
      target_url: 'https://Shop.example.com/sale?utm=x',
      short_code: 'Spring-Sale_1',
      ...liteCountryRedirectInput(true),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      user_id: null,
      team_id: null,
      created_by: null,
      updated_by: null,
      title: 'Spring sale',
      target_url: 'https://shop.example.com/sale?utm=x',
      short_code: 'Spring-Sale_1',
      ...NO_CLICKS_YET,
      created_at: new Date(now).toISOString(),
      enable_tiktok_bypass: true,
      enable_country_redirect: true,
      country_redirect_url: 'https://lite.example.com/',
      enable_instagram_exit: false,
      instagram_exit_url: null,
      tags: [],
      ...defaultLinkOptions(),
      domain: null,
      short_url: `${server.config.publicUrl}/Spring-Sale_1`,
    });
    expect(Object.keys(answer.body).sort()).toEqual(LINK_FIELDS);
  });

  it('picks a random 6-character code when short_code is left out or empty', async () => {
    for (const body of [{ target_url: 'https://example.com' }, { target_url: 'https://example.com', short_code: '' }]) {
      const answer = await create(body);
      expect(answer.status).toBe(201);
      expect(answer.body.short_code).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(answer.body.title).toBe('');
    }
  });

  it('keeps short codes unique (409) and case-sensitive', async () => {
    expect((await create({ target_url: 'https://a.example.com', short_code: 'CaseCode' })).status).toBe(201);
    const taken = await create({ target_url: 'https://b.example.com', short_code: 'CaseCode' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'This short code is already taken' });
    const lower = await create({ target_url: 'https://c.example.com', short_code: 'casecode' });
    expect(lower.status).toBe(201);
    expect(lower.body.short_code).toBe('casecode');
  });

  it('refuses reserved words in any case and codes with other characters', async () => {
    for (const shortCode of [
      'api',
      'Admin',
      'LOGIN',
      'register',
      'dashboard',
      'test-storage',
      'Assets',
      'static',
      'healthz',
      'metrics',
    ]) {
      const answer = await create({ target_url: 'https://example.com', short_code: shortCode });
      expect(answer.status, shortCode).toBe(400);
      expect(answer.body).toEqual({ error: `"${shortCode}" is reserved and can't be used as a short code` });
    }
    for (const shortCode of ['favicon.ico', 'robots.txt', 'has space', 'slash/code', 'ünï']) {
      const answer = await create({ target_url: 'https://example.com', short_code: shortCode });
      expect(answer.status, shortCode).toBe(400);
      expect(answer.body).toEqual({
        error: 'Short code may only contain letters, digits, hyphens (-) and underscores (_)',
      });
    }
    const long = await create({ target_url: 'https://example.com', short_code: 'x'.repeat(65) });
    expect(long.body).toEqual({ error: 'Short code must be at most 64 characters' });
    expect((await create({ target_url: 'https://example.com', short_code: 'y'.repeat(64) })).status).toBe(201);
  });

  it('refuses anything but absolute http(s) addresses of at most 2,048 characters', async () => {
    const bad = [
      'javascript:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'file:///etc/passwd',
      '/relative/path',
      'example.com',
      'garbage',
      `https://example.com/${'a'.repeat(2040)}`,
    ];
    for (const url of bad) {
      for (const body of [
        // A destination without a scheme is taken as https:// (docs/api.md, forgiving input); the other addresses are not.
        ...(url === 'example.com' ? [] : [{ target_url: url }]),
        { target_url: 'https://example.com', enable_country_redirect: true, country_redirect_url: url },
        { target_url: 'https://example.com', enable_instagram_exit: true, instagram_exit_url: url },
      ]) {
        const answer = await create(body);
        expect(answer.status, url).toBe(400);
        expect(answer.body).toEqual({ error: 'Please enter a valid URL' });
      }
    }
    const forgiven = await create({ target_url: 'example.com' });
    expect(forgiven.status).toBe(201);
    expect(forgiven.body.target_url).toBe('https://example.com/');
    expect((await create({})).body).toEqual({ error: 'Target URL is required' });
    expect((await create({ target_url: 'https://example.com', enable_country_redirect: true })).body).toEqual({
      error: 'Country redirect URL is required when country redirect is on',
    });
    expect((await create({ target_url: 'https://example.com', enable_instagram_exit: true })).body).toEqual({
      error: 'Instagram exit URL is required when Instagram exit is on',
    });
    const longest = `https://example.com/${'a'.repeat(2048 - 20)}`;
    expect((await create({ target_url: longest })).body.target_url).toBe(longest);
  });

  it('GET /api/links lists every link (users’ too), newest first, with counts from one query', async () => {
    const user = await newUser(server, 'Lister');
    now += 1000;
    const older = (await create({ target_url: 'https://old.example.com', short_code: 'list-old' })).body as Link;
    now += 1000;
    const own = await call(server, 'POST', '/api/links/create', {
      headers: bearer(user.token),
      body: { target_url: 'https://user.example.com', short_code: 'list-user' },
    });
    now += 1000;
    const newer = (await create({ target_url: 'https://new.example.com', short_code: 'list-new' })).body as Link;
    await server.store.clicks.insertMany([
      clickOf(older.id, { ip_address: '203.0.113.1' }),
      clickOf(older.id, { ip_address: '203.0.113.1' }),
      clickOf(older.id, { ip_address: '203.0.113.2', blocked: true }),
      clickOf(older.id, { ip_address: '203.0.113.3', is_bot: true }),
    ]);

    const answer = await admin('GET', '/api/links');
    expect(answer.status).toBe(200);
    const links = answer.body as Link[];
    expect(links.slice(0, 3).map((link) => link.short_code)).toEqual(['list-new', 'list-user', 'list-old']);
    const created = links.map((link) => Date.parse(link.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const link of links) expect(Object.keys(link).sort()).toEqual(LINK_FIELDS);
    expect(links[1]?.user_id).toBe(user.user.id);
    expect(links[1]?.id).toBe(own.body.link.id);
    expect(links[2]).toMatchObject({ clicks: 3, total_clicks: 3, unique_visitors: 2, blocked_visitors: 1 });
    expect(links[0]).toMatchObject({
      id: newer.id,
      ...NO_CLICKS_YET,
    });

    const one = await admin('GET', `/api/links?id=${older.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(links[2]);
  });

  it('PUT /api/links?id= changes only the fields sent, keeps the counts, and never the short code', async () => {
    const link = (await create({ title: 'Before', target_url: 'https://before.example.com', short_code: 'put-me' }))
      .body as Link;
    await server.store.clicks.insertMany([clickOf(link.id), clickOf(link.id, { ip_address: '198.51.100.9' })]);

    const answer = await admin('PUT', `/api/links?id=${link.id}`, {
      body: { title: 'After', enable_instagram_exit: true, instagram_exit_url: 'https://ig.example.com/x' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ...link,
      title: 'After',
      enable_instagram_exit: true,
      instagram_exit_url: 'https://ig.example.com/x',
      clicks: 2,
      total_clicks: 2,
      unique_visitors: 2,
    });

    const same = await admin('PUT', `/api/links?id=${link.id}`, {
      body: { short_code: 'put-me', target_url: 'http://after.example.com/path' },
    });
    expect(same.status).toBe(200);
    expect(same.body.target_url).toBe('http://after.example.com/path');
    expect(same.body.title).toBe('After');

    const different = await admin('PUT', `/api/links?id=${link.id}`, { body: { short_code: 'put-you' } });
    expect(different.status).toBe(400);
    expect(different.body).toEqual({ error: "The short code can't be changed after the link is created" });
    const caseOnly = await admin('PUT', `/api/links?id=${link.id}`, { body: { short_code: 'PUT-ME' } });
    expect(caseOnly.status).toBe(400);

    const badUrl = await admin('PUT', `/api/links?id=${link.id}`, { body: { target_url: 'javascript:alert(1)' } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ error: 'Please enter a valid URL' });
    const optionOn = await admin('PUT', `/api/links?id=${link.id}`, { body: { enable_country_redirect: true } });
    expect(optionOn.body).toEqual({ error: 'Country redirect URL is required when country redirect is on' });
    const clearing = await admin('PUT', `/api/links?id=${link.id}`, { body: { instagram_exit_url: null } });
    expect(clearing.body).toEqual({ error: 'Instagram exit URL is required when Instagram exit is on' });
    const off = await admin('PUT', `/api/links?id=${link.id}`, {
      body: { enable_instagram_exit: false, instagram_exit_url: null, user_id: 42 },
    });
    expect(off.body).toMatchObject({ enable_instagram_exit: false, instagram_exit_url: null, user_id: null });

    const stored = await server.store.links.findById(link.id);
    expect(stored).toMatchObject({ short_code: 'put-me', title: 'After', target_url: 'http://after.example.com/path' });
  });

  it('answers a missing, malformed or unknown id', async () => {
    for (const [method, body] of [
      ['PUT', { title: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const missing = await admin(method, '/api/links', { body });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'Missing id (the link id)' });
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        const malformed = await admin(method, `/api/links?id=${id}`, { body });
        expect(malformed.status, id).toBe(400);
        expect(malformed.body).toEqual({ error: 'id must be a link id (a positive whole number)' });
      }
      const unknown = await admin(method, '/api/links?id=987654', { body });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Link not found' });
    }
    const get = await admin('GET', '/api/links?id=987654');
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ error: 'Link not found' });
  });

  it('DELETE /api/links?id= answers 204 and deletes the link with its clicks', async () => {
    const link = (await create({ target_url: 'https://gone.example.com', short_code: 'delete-me' })).body as Link;
    const keep = (await create({ target_url: 'https://kept.example.com', short_code: 'keep-me' })).body as Link;
    await server.store.clicks.insertMany([clickOf(link.id), clickOf(link.id), clickOf(keep.id)]);
    expect(await server.store.clicks.listByLink(link.id)).toHaveLength(2);

    const answer = await admin('DELETE', `/api/links?id=${link.id}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(await server.store.links.findById(link.id)).toBeUndefined();
    expect(await server.store.clicks.listByLink(link.id)).toEqual([]);
    expect(await server.store.clicks.listByLink(keep.id)).toHaveLength(1);
    expect((await admin('DELETE', `/api/links?id=${link.id}`)).status).toBe(404);
    // The code is free again.
    expect((await create({ target_url: 'https://again.example.com', short_code: 'delete-me' })).status).toBe(201);
  });

  it('invalidates the redirect cache on create, update and delete', async () => {
    const { linkCache } = server.app.services;
    expect(await linkCache.get('cached-code')).toBeUndefined();
    expect(linkCache.peek('cached-code')).toBeNull();
    const link = (await create({ target_url: 'https://cache.example.com', short_code: 'cached-code' })).body as Link;
    expect(linkCache.peek('cached-code')).toBeUndefined();
    expect((await linkCache.get('cached-code'))?.target_url).toBe('https://cache.example.com/');

    await admin('PUT', `/api/links?id=${link.id}`, { body: { target_url: 'https://cache2.example.com' } });
    expect(linkCache.peek('cached-code')).toBeUndefined();
    expect((await linkCache.get('cached-code'))?.target_url).toBe('https://cache2.example.com/');

    await admin('DELETE', `/api/links?id=${link.id}`);
    expect(linkCache.peek('cached-code')).toBeUndefined();
    expect(await linkCache.get('cached-code')).toBeUndefined();
  });

  it('GET /api/init answers 201 with a new test link', async () => {
    now += 1000;
    const answer = await admin('GET', '/api/init');
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      success: true,
      message: 'Database ready; test link created',
      link: {
        id: expect.any(Number),
        user_id: null,
        team_id: null,
        created_by: null,
        updated_by: null,
        title: 'Test Link',
        target_url: 'https://example.com/',
        short_code: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
        ...NO_CLICKS_YET,
        created_at: new Date(now).toISOString(),
        ...noRedirectRules(),
        ...defaultLinkOptions(),
        domain: null,
        short_url: expect.stringMatching(/^http:\/\/localhost:\d+\/[A-Za-z0-9]{6}$/),
      },
    });
    const again = await admin('GET', '/api/init');
    expect(again.status).toBe(201);
    expect(again.body.link.short_code).not.toBe(answer.body.link.short_code);
    const listed = (await admin('GET', '/api/links')).body as Link[];
    expect(listed.some((link) => link.id === answer.body.link.id)).toBe(true);
  });

  it('works with an admin session token as well as the key', async () => {
    const login = await call(server, 'POST', '/api/auth?action=admin', { body: { key: server.adminKey } });
    const headers = adminHeaders(login.body.apiKey);
    const created = await call(server, 'POST', '/api/links', {
      headers,
      body: { target_url: 'https://s.example.com' },
    });
    expect(created.status).toBe(201);
    expect((await call(server, 'DELETE', `/api/links?id=${created.body.id}`, { headers })).status).toBe(204);
  });
});
