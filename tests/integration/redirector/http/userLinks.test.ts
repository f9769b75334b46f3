import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, clickOf, defaultLinkOptions, LINK_FIELDS, newUser } from '../../../helpers/api';
import { liteCountryRedirectInput, NO_CLICKS_YET } from '../../../helpers/linkFixtures';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const START = Date.UTC(2026, 2, 1, 8, 0, 0);

describe('user link calls', () => {
  let now = START;
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof newUser>>;
  let bob: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
    alice = await newUser(server, 'Alice');
    bob = await newUser(server, 'Bob');
  });
  afterAll(() => server.close());

  const as = (user: { token: string }) => ({
    create: (body: Record<string, unknown>) =>
      call(server, 'POST', '/api/links/create', { headers: bearer(user.token), body }),
    list: () => call(server, 'GET', '/api/links/user', { headers: bearer(user.token) }),
    get: (id: number) => call(server, 'GET', `/api/links/user?linkId=${id}`, { headers: bearer(user.token) }),
    update: (id: number, body: Record<string, unknown>) =>
      call(server, 'PUT', `/api/links/update?linkId=${id}`, { headers: bearer(user.token), body }),
    remove: (id: number) => call(server, 'DELETE', `/api/links/delete?linkId=${id}`, { headers: bearer(user.token) }),
  });

  it('POST /api/links/create answers 201 {link} owned by the caller', async () => {
    now += 1000;
    const answer = await as(alice).create({
      short_code: 'alice-1',
      target_url: 'https://alice.example.com',
      title: 'Mine',
      enable_tiktok_bypass: true,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      link: {
        id: expect.any(Number),
        user_id: alice.user.id,
        team_id: expect.any(Number),
        created_by: { id: alice.user.id, name: alice.user.name },
        updated_by: { id: alice.user.id, name: alice.user.name },
        title: 'Mine',
        target_url: 'https://alice.example.com/',
        short_code: 'alice-1',
        ...NO_CLICKS_YET,
        created_at: new Date(now).toISOString(),
        enable_tiktok_bypass: true,
        enable_country_redirect: false,
        country_redirect_url: null,
        enable_instagram_exit: false,
        instagram_exit_url: null,
        tags: [],
        ...defaultLinkOptions(),
        domain: null,
        short_url: `${server.config.publicUrl}/alice-1`,
      },
    });
  });

  it('applies the same rules as the admin calls', async () => {
    const taken = await as(bob).create({ short_code: 'alice-1', target_url: 'https://bob.example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'This short code is already taken' });
    const reserved = await as(bob).create({ short_code: 'Dashboard', target_url: 'https://bob.example.com' });
    expect(reserved.status).toBe(400);
    expect(reserved.body).toEqual({ error: `"Dashboard" is reserved and can't be used as a short code` });
    const badUrl = await as(bob).create({ short_code: 'bob-x', target_url: 'data:text/plain,hi' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ error: 'Please enter a valid URL' });
    const random = await as(bob).create({ target_url: 'https://bob.example.com' });
    expect(random.status).toBe(201);
    expect(random.body.link.short_code).toMatch(/^[A-Za-z0-9]{6}$/);
    await as(bob).remove(random.body.link.id);
  });

  it('GET /api/links/user answers only the caller’s links, newest first, with counts', async () => {
    now += 1000;
    const second = (await as(alice).create({ short_code: 'alice-2', target_url: 'https://alice.example.com/2' })).body
      .link as Link;
    now += 1000;
    const bobs = (await as(bob).create({ short_code: 'bob-1', target_url: 'https://bob.example.com/1' })).body
      .link as Link;
    await server.store.clicks.insertMany([
      clickOf(second.id, { ip_address: '203.0.113.10' }),
      clickOf(second.id, { ip_address: '203.0.113.11', blocked: true }),
      clickOf(second.id, { ip_address: '203.0.113.11', blocked: true }),
      clickOf(second.id, { ip_address: '203.0.113.12', is_bot: true }),
      clickOf(bobs.id),
    ]);

    const answer = await as(alice).list();
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['links', 'total', 'page', 'per_page', 'totals']);
    const links = answer.body.links as Link[];
    expect(links.map((link) => link.short_code)).toEqual(['alice-2', 'alice-1']);
    for (const link of links) {
      expect(Object.keys(link).sort()).toEqual(LINK_FIELDS);
      expect(link.user_id).toBe(alice.user.id);
    }
    expect(links[0]).toMatchObject({ clicks: 3, total_clicks: 3, unique_visitors: 2, blocked_visitors: 2 });

    const bobList = (await as(bob).list()).body.links as Link[];
    expect(bobList.map((link) => link.short_code)).toEqual(['bob-1']);
    expect(bobList[0]).toMatchObject({ total_clicks: 1, unique_visitors: 1, blocked_visitors: 0 });

    const one = await as(alice).get(second.id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ link: links[0] });
  });

  it('treats another user’s link as not found for get, update and delete', async () => {
    const alices = (await as(alice).list()).body.links as Link[];
    const target = alices[0]!;
    const before = await server.store.links.findById(target.id);

    for (const answer of [
      await as(bob).get(target.id),
      await as(bob).update(target.id, { title: 'Stolen', target_url: 'https://evil.example.com' }),
      await as(bob).remove(target.id),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Link not found' });
    }
    // The same answer as for a link that does not exist at all.
    const missing = await as(bob).update(987654, { title: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Link not found' });

    expect(await server.store.links.findById(target.id)).toEqual(before);
    expect(((await as(bob).list()).body.links as Link[]).some((link) => link.id === target.id)).toBe(false);
    // The administrator still sees it.
    const adminView = await call(server, 'GET', `/api/links?id=${target.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(adminView.status).toBe(200);
  });

  it('does not let a user reach an admin-created link', async () => {
    const adminLink = await call(server, 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: { target_url: 'https://admin.example.com', short_code: 'admins' },
    });
    for (const answer of [
      await as(alice).get(adminLink.body.id),
      await as(alice).update(adminLink.body.id, { title: 'x' }),
      await as(alice).remove(adminLink.body.id),
    ]) {
      expect(answer.status).toBe(404);
    }
  });

  it('PUT /api/links/update?linkId= answers {link}; the same short code is fine, another is 400', async () => {
    const link = (await as(alice).create({ short_code: 'alice-upd', target_url: 'https://a.example.com' })).body
      .link as Link;
    // The UI sends the whole form back, short code included.
    const form = { short_code: 'alice-upd', target_url: 'https://a.example.com/new', title: 'Renamed' };
    const answer = await as(alice).update(link.id, { ...form, ...liteCountryRedirectInput(false) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      link: {
        ...link,
        target_url: 'https://a.example.com/new',
        title: 'Renamed',
        enable_country_redirect: true,
        country_redirect_url: 'https://lite.example.com/',
      },
    });
    const changed = await as(alice).update(link.id, { short_code: 'alice-other' });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual({ error: "The short code can't be changed after the link is created" });
    const missingId = await call(server, 'PUT', '/api/links/update', { headers: bearer(alice.token), body: {} });
    expect(missingId.status).toBe(400);
    expect(missingId.body).toEqual({ error: 'Missing linkId (the link id)' });
  });

  it('DELETE /api/links/delete?linkId= answers {success: true} and deletes the clicks', async () => {
    const link = (await as(alice).create({ short_code: 'alice-del', target_url: 'https://a.example.com' })).body
      .link as Link;
    await server.store.clicks.insertMany([clickOf(link.id), clickOf(link.id)]);
    const answer = await as(alice).remove(link.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(await server.store.clicks.listByLink(link.id)).toEqual([]);
    expect((await as(alice).get(link.id)).status).toBe(404);
    const bad = await call(server, 'DELETE', '/api/links/delete?linkId=x', { headers: bearer(alice.token) });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'linkId must be a link id (a positive whole number)' });
  });

  it('answers 401 to every user call without a valid bearer token', async () => {
    for (const [method, path] of [
      ['GET', '/api/links/user'],
      ['POST', '/api/links/create'],
      ['PUT', '/api/links/update?linkId=1'],
      ['DELETE', '/api/links/delete?linkId=1'],
    ]) {
      const none = await call(server, method!, path!);
      expect(none.status, path).toBe(401);
      expect(none.body).toEqual({ error: 'Sign in required' });
      const adminKeyOnly = await call(server, method!, path!, { headers: adminHeaders(server.adminKey) });
      expect(adminKeyOnly.status, path).toBe(401);
    }
  });
});
