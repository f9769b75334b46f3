/**
 * The hub's public page (docs/api.md#the-hub), on both stores: rendered by the server with every
 * user text escaped, no script allowed, cached for a minute with an ETag, 404 unpublished and 410
 * for a disabled owner, `/` of the owner's verified domain, the TikTok banner; and its figures:
 * each non-bot GET a view, each click with the page's token a `hub` click of its link, over a range
 * (the token's own rules: hubClicks.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { request } from '../../../helpers/rawRequest';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from './bothStores';

type User = Awaited<ReturnType<typeof newUser>>;
const HOSTILE = `</title><script>alert("x")</script>'"&`;

describe.each(STORE_SERVERS)('the hub page ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: User;
  const links: { id: number; short_url: string }[] = [];
  const visit = (path: string, headers: Record<string, string> = {}, host = 'me.example.com') =>
    request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': UA.desktopChrome, ...headers } });
  const putHub = (user: User, body: Record<string, unknown>) =>
    call(server, 'PUT', '/api/hub', { headers: bearer(user.token), body });
  const stats = (query = '') => call(server, 'GET', `/api/hub/stats${query}`, { headers: bearer(alice.token) });
  const hub = (extra: Record<string, unknown> = {}) => ({
    handle: 'alice',
    title: `Alice ${HOSTILE}`,
    bio: `Bio ${HOSTILE}`,
    accent: '#ffcc00',
    published: true,
    links: links.map((link, index) => ({ link_id: link.id, label: index === 0 ? `Label ${HOSTILE}` : null })),
    ...extra,
  });

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com', TRUST_PROXY: '1' });
    alice = await newUser(server, 'Alice');
    for (const code of ['first', 'second']) {
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(alice.token),
        body: { target_url: `https://example.com/${code}?q="x"`, short_code: code, title: `Title ${HOSTILE}` },
      });
      links.push(created.body.link);
    }
    expect((await putHub(alice, hub())).status).toBe(200);
  });
  afterAll(() => server.close());

  it('answers 404 for an unknown or unpublished handle', async () => {
    expect((await visit('/@nobody')).status).toBe(404);
    const bob = await newUser(server, 'Bob');
    expect((await putHub(bob, { handle: 'bob', title: 'Bob', published: false })).status).toBe(200);
    const unpublished = await visit('/@bob');
    expect([unpublished.status, unpublished.body]).toEqual([404, expect.stringContaining('Link not found')]);
  });

  it('renders every field escaped, with its links as plain anchors', async () => {
    const page = await visit('/@Alice');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('</title><');
    const escaped = '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&quot;&amp;';
    expect(page.body).toContain(`<title>Alice ${escaped}</title>`);
    expect(page.body).toContain(`<meta property="og:title" content="Alice ${escaped}">`);
    expect(page.body).toContain(`<meta property="og:description" content="Bio ${escaped}">`);
    expect(page.body).toContain('<meta property="og:url" content="https://me.example.com/@alice">');
    expect(page.body).toContain(`<p class="bio">Bio ${escaped}</p>`);
    // Each button carries the page's click token (docs/api.md#hub-clicks).
    const token = '[0-9a-z]+\\.[\\w-]{22}';
    expect(page.body).toMatch(
      new RegExp(`<a class="link" href="https://me.example.com/first\\?me_hub=${token}">Label `),
    );
    expect(page.body).toMatch(
      new RegExp(`<a class="link" href="https://me.example.com/second\\?me_hub=${token}">Title `),
    );
    expect(page.body).toContain(`">Label ${escaped}</a>`);
    expect(page.body).toContain(`">Title ${escaped}</a>`);
    // No avatar: the initials, of the words that start with a letter or a digit.
    expect(page.body).toContain('<div class="avatar initials" aria-hidden="true">A</div>');
  });

  it('allows no script, is cached for a minute and answers 304 to its ETag', async () => {
    const page = await visit('/@alice');
    const csp = page.headers['content-security-policy']!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/unsafe-inline/);
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers.vary).toBe('Accept-Language, Accept-Encoding');
    const etag = page.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await visit('/@alice', { 'If-None-Match': etag });
    expect([again.status, again.body]).toEqual([304, '']);
    const changed = await visit('/@alice', { 'If-None-Match': '"other"' });
    expect(changed.status).toBe(200);
  });

  it('shows the avatar by its absolute address in og:image', async () => {
    const png = (await import('../../../helpers/imageBytes')).pngBytes(16, 16);
    const saved = await call(server, 'PUT', '/api/hub/avatar', {
      headers: { ...bearer(alice.token), 'Content-Type': 'image/png' },
      rawBody: png,
    });
    const url = saved.body.hub.avatar_url;
    const page = await visit('/@alice');
    expect(page.body).toContain(`<meta property="og:image" content="${url}">`);
    expect(page.body).toContain(`<img class="avatar" src="${url}"`);
    expect(page.headers['content-security-policy']).toContain('img-src https://me.example.com data:');
  });

  it('shows the TikTok banner inside TikTok when the bypass is on, and varies by user agent', async () => {
    expect((await visit('/@alice', { 'User-Agent': UA.tiktokAndroid })).body).not.toContain('class="banner"');
    await putHub(alice, hub({ tiktok_bypass: true }));
    const android = await visit('/@alice', { 'User-Agent': UA.tiktokAndroid });
    expect(android.headers.vary).toBe('Accept-Language, Accept-Encoding, User-Agent');
    expect(android.body).toContain('class="banner"');
    expect(android.body).toContain(
      'href="intent://me.example.com/@alice#Intent;scheme=https;package=com.android.chrome;',
    );
    const ios = await visit('/@alice', { 'User-Agent': UA.tiktokIos });
    expect(ios.body).toContain('Open in browser');
    const plain = await visit('/@alice');
    expect(plain.body).not.toContain('class="banner"');
    expect(plain.headers.vary).toBe('Accept-Language, Accept-Encoding, User-Agent');
    expect(plain.headers.etag).not.toBe(android.headers.etag);
    await putHub(alice, hub());
  });

  it('counts each non-bot GET as a view, and each click with the page’s token as a hub click', async () => {
    // The earlier tests' views came from this machine's address.
    const before = (await stats()).body;
    expect(before).toMatchObject({ unique_visitors: 1, clicks: 0 });
    const earlier = before.views;
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.1']) {
      expect((await visit('/@alice', { 'X-Forwarded-For': address })).status).toBe(200);
    }
    await visit('/@alice', { 'If-None-Match': (await visit('/@alice')).headers.etag! });
    // Neither bots nor HEAD are views.
    for (const agent of [UA.googlebot, UA.facebookexternalhit, UA.curl, ''])
      await visit('/@alice', { 'User-Agent': agent });
    await request(`${server.url}/@alice`, { method: 'HEAD', headers: { 'User-Agent': UA.desktopChrome } });
    // Clicks of the page's buttons (a bot's is not counted), and clicks that only claim the hub as Referer.
    const buttons = [
      ...(await visit('/@alice', { 'User-Agent': UA.googlebot })).body.matchAll(/class="link" href="([^"]+)"/g),
    ];
    const [first, second] = buttons.map((button) => new URL(button[1]!.replace(/&amp;/g, '&')));
    const clicked = (button: URL, agent: string = UA.desktopChrome) =>
      visit(`${button.pathname}${button.search}`, { 'User-Agent': agent });
    expect((await clicked(first!)).status).toBe(302);
    await clicked(second!);
    await clicked(second!);
    await clicked(second!, UA.googlebot);
    await visit('/first', { Referer: 'https://me.example.com/@alice' });
    await visit('/second', { Referer: 'https://me.example.com/@ALICE/' });
    const figures = (await stats()).body;
    expect(figures).toMatchObject({ views: earlier + 5, unique_visitors: 3, clicks: 3 });
    expect(figures.click_rate).toBeCloseTo(3 / (earlier + 5), 10);
    expect(figures.links).toEqual([
      { link_id: links[0]!.id, clicks: 1 },
      { link_id: links[1]!.id, clicks: 2 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.days).toEqual([{ date: today, views: earlier + 5, clicks: 3 }]);
    // The link's own analytics name the source.
    const analytics = await call(server, 'GET', `/api/analytics/${links[1]!.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(analytics.body.stats.referrerCounts).toMatchObject({ hub: 2 });
  });

  it('reads the figures over a range in a time zone', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ranged = (await stats(`?from=${day(-2)}&to=${today}&tz=UTC`)).body;
    expect(ranged.days.map((entry: { date: string }) => entry.date)).toEqual([day(-2), day(-1), today]);
    expect([ranged.views, ranged.clicks]).toEqual([(await stats()).body.views, 3]);
    const past = (await stats(`?from=${day(-3)}&to=${day(-2)}`)).body;
    expect(past).toMatchObject({ views: 0, unique_visitors: 0, clicks: 0, click_rate: 0 });
    expect((await stats('?from=2024-02-30&to=2024-03-01')).status).toBe(400);
    expect((await stats('?tz=Mars/Olympus')).status).toBe(400);
  });

  it('is the page of `/` on the owner’s verified custom domain, and a click of its buttons is a hub click', async () => {
    await call(server, 'POST', '/api/user/domain', { headers: bearer(alice.token), body: { domain: 'go.alice.test' } });
    const before = await visit('/', {}, 'go.alice.test');
    // Pending: the host is the default domain, whose `/` is the UI.
    expect(before.body).not.toContain('og:url');
    const verified = await call(server, 'PUT', '/api/domains?domain=go.alice.test', {
      headers: adminHeaders(server.adminKey),
      body: { status: 'verified' },
    });
    expect(verified.status).toBe(200);
    const { views, clicks } = (await stats()).body;
    const home = await visit('/', {}, 'go.alice.test');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<meta property="og:url" content="https://go.alice.test/">');
    const button = /class="link" href="https:\/\/me\.example\.com(\/first\?[^"]+)"/.exec(home.body)![1]!;
    const click = await visit(button, { Referer: 'https://go.alice.test/' }, 'go.alice.test');
    expect(click.status).toBe(302);
    expect(click.headers.location).not.toContain('me_hub');
    expect((await stats()).body).toMatchObject({ views: views + 1, clicks: clicks + 1 });
    // Unpublished: `/` goes back to PUBLIC_URL.
    await putHub(alice, hub({ published: false }));
    const unpublished = await visit('/', {}, 'go.alice.test');
    expect([unpublished.status, unpublished.headers.location]).toEqual([302, 'https://me.example.com/']);
    await putHub(alice, hub());
  });

  it('answers 410 for a disabled owner, on both addresses, and counts nothing', async () => {
    const views = (await stats()).body.views;
    const disabled = await call(server, 'PUT', `/api/users?id=${alice.user.id}`, {
      headers: adminHeaders(server.adminKey),
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await visit('/@alice')).status).toBe(410);
    expect((await visit('/', {}, 'go.alice.test')).status).toBe(410);
    await call(server, 'PUT', `/api/users?id=${alice.user.id}`, {
      headers: adminHeaders(server.adminKey),
      body: { disabled: false },
    });
    const listed = await call(server, 'GET', '/api/hubs?q=alice', { headers: adminHeaders(server.adminKey) });
    expect(listed.body.hubs[0].views).toBe(views);
  });
});
