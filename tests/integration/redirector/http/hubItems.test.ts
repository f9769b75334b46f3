/**
 * The hub's second edition (docs/api.md#hub-items), on both stores: items of every kind with their
 * rules, ids kept across saves, schedules honoured by the page's caches (the server's and the
 * max-age it gives), every new field escaped, the background image and colour, noindex, the
 * sensitive steps without script, and per-item figures exact with bots not counted. The server's
 * clock is the test's, so schedules pass without waiting.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { pngBytes } from '../../../helpers/imageBytes';
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';

type User = Awaited<ReturnType<typeof newUser>>;
const HOSTILE = `</title><script>alert("x")</script>'"&`;
const ESCAPED = '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&quot;&amp;';
const ENV = { PUBLIC_URL: 'https://me.example.com', TRUST_PROXY: '1' };

const STORES = [
  { kind: 'sqlite', start: (clock: () => number) => startTestServer({ env: ENV, clock }) },
  {
    kind: 'postgres',
    start: async (clock: () => number) =>
      (await startPostgresTestServerOnFreshSchema({ env: ENV, clock })) as unknown as TestServer,
  },
];

describe.each(STORES)('the hub’s items ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: User;
  let now = Date.now();
  const linkIds: number[] = [];
  const visit = (path: string, headers: Record<string, string> = {}) =>
    request(`${server.url}${path}`, {
      headers: { Host: 'me.example.com', 'User-Agent': UA.desktopChrome, ...headers },
    });
  const putHub = (body: Record<string, unknown>) =>
    call(server, 'PUT', '/api/hub', {
      headers: bearer(alice.token),
      body: { handle: 'alice', title: 'Alice', published: true, ...body },
    });
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    server = await start(() => now);
    alice = await newUser(server, 'Alice');
    for (const code of ['first', 'second', 'third']) {
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(alice.token),
        body: { target_url: `https://example.com/${code}`, short_code: code, title: code },
      });
      linkIds.push(created.body.link.id);
    }
  });
  afterAll(() => server.close());

  it('refuses each bad item or page field with a 400 naming it', async () => {
    const item = (extra: Record<string, unknown>) => ({ items: [{ type: 'heading', text: 'Hi', ...extra }] });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ items: 'all' }, /^items must be an array/],
      [item({ type: 'video' }), /^items\[0\]\.type/],
      [item({ text: 'x'.repeat(81) }), /^items\[0\]\.text must be 1–80/],
      [item({ type: 'text', text: 'x'.repeat(501) }), /^items\[0\]\.text must be 1–500/],
      [item({ type: 'text', text: '  ' }), /^items\[0\]\.text/],
      [item({ type: 'link', link_id: 'one' }), /^items\[0\]\.link_id/],
      [item({ type: 'social', socials: [] }), /^items\[0\]\.socials/],
      [item({ type: 'social', socials: Array(13).fill({ platform: 'x', url: 'https://x.com/a' }) }), /socials/],
      [item({ type: 'social', socials: [{ platform: 'myspace', url: 'https://a.b' }] }), /platform/],
      [item({ type: 'social', socials: [{ platform: 'github', url: 'javascript:alert(1)' }] }), /url must be/],
      [item({ type: 'social', socials: [{ platform: 'email', url: 'not an address' }] }), /email address/],
      [item({ visible: 'no' }), /^items\[0\]\.visible/],
      [item({ highlight: 1 }), /^items\[0\]\.highlight/],
      [item({ starts_at: 'tomorrow' }), /^items\[0\]\.starts_at/],
      [item({ ends_at: '2031-02-30T00:00:00Z' }), /^items\[0\]\.ends_at must be an ISO 8601 time/],
      [item({ starts_at: iso(now + 2000), ends_at: iso(now + 1000) }), /^items\[0\]\.ends_at must be after/],
      [item({ id: -3 }), /^items\[0\]\.id/],
      [{ items: Array(101).fill({ type: 'divider' }) }, /^items must hold at most 100/],
      [{ background_color: 'blue' }, /^background_color/],
      [{ meta_description: 'x'.repeat(301) }, /^meta_description/],
      [{ noindex: 'yes' }, /^noindex/],
      [{ sensitive: 1 }, /^sensitive/],
    ];
    for (const [body, message] of cases) {
      const answer = await putHub(body);
      expect([JSON.stringify(body).slice(0, 60), answer.status, answer.body.error]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        expect.stringMatching(message),
      ]);
    }
    const twice = await putHub({
      items: [
        { type: 'link', link_id: linkIds[0] },
        { type: 'link', link_id: linkIds[0] },
      ],
    });
    expect(twice.body.error).toBe(`items[1].link_id ${linkIds[0]} is listed twice`);
    const foreign = await putHub({ items: [{ type: 'divider' }, { type: 'link', link_id: 999_999 }] });
    expect([foreign.status, foreign.body.error]).toEqual([400, 'items[1].link_id is not one of your links']);
  });

  it('answers §15’s links as link items, and keeps an item’s id across saves', async () => {
    const legacy = await putHub({ links: [{ link_id: linkIds[0], label: 'One' }] });
    expect(legacy.status).toBe(200);
    expect(legacy.body.hub.items).toEqual([
      expect.objectContaining({ type: 'link', link_id: linkIds[0], label: 'One', text: 'One', visible: true }),
    ]);
    expect(legacy.body.hub.links).toEqual([expect.objectContaining({ link_id: linkIds[0], label: 'One' })]);
    const kept = legacy.body.hub.items[0].id;
    const saved = await putHub({
      items: [
        { type: 'divider' },
        { id: kept, type: 'link', link_id: linkIds[0], label: 'Uno' },
        { id: 424242, type: 'divider' },
      ],
    });
    const ids = saved.body.hub.items.map((item: { id: number }) => item.id);
    expect(ids[1]).toBe(kept);
    expect(new Set(ids).size).toBe(3);
    expect(ids).not.toContain(424242);
  });

  it('renders every kind, escaped, with bundled icons and no request beyond its own origin', async () => {
    const saved = await putHub({
      title: `Alice ${HOSTILE}`,
      meta_description: `About ${HOSTILE}`,
      background_color: '#fdf6e3',
      items: [
        { type: 'heading', text: `Heading ${HOSTILE}` },
        { type: 'link', link_id: linkIds[0], label: `Label ${HOSTILE}`, highlight: true },
        { type: 'text', text: `Text ${HOSTILE}` },
        { type: 'divider' },
        {
          type: 'social',
          socials: [
            { platform: 'github', url: 'https://github.com/a"b<c>' },
            { platform: 'email', url: 'alice@example.com' },
            { platform: 'linkedin', url: 'https://www.linkedin.com/in/alice' },
          ],
        },
        { type: 'link', link_id: linkIds[1], label: 'Late night', sensitive: true },
      ],
    });
    expect(saved.status).toBe(200);
    const page = await visit('/@alice');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain(`<meta name="description" content="About ${ESCAPED}">`);
    expect(page.body).toContain(`<h2 class="heading">Heading ${ESCAPED}</h2>`);
    expect(page.body).toContain(`<p class="text">Text ${ESCAPED}</p>`);
    expect(page.body).toMatch(/<a class="link hl" href="https:\/\/me.example.com\/first\?me_hub=[^"]+">Label /);
    expect(page.body).toContain(`">Label ${ESCAPED}</a>`);
    expect(page.body).toContain('<hr>');
    expect(page.body).toContain('href="https://github.com/a%22b%3Cc%3E" rel="me noopener" aria-label="GitHub"');
    expect(page.body).toContain('href="mailto:alice@example.com" rel="me noopener" aria-label="Email"');
    // A brand keeps its name in Spanish; the email icon is named in the page's language.
    expect((await visit('/@alice', { 'Accept-Language': 'es' })).body).toContain('aria-label="Correo electrónico"');
    expect(page.body).toContain('aria-label="LinkedIn"><svg viewBox="0 0 24 24" aria-hidden="true"');
    expect(page.body).toMatch(
      /<details class="sensitive"><summary>Late night · Sensitive content: continue<\/summary><a class="link"/,
    );
    // The background colour, with text readable on it; nothing fetched from elsewhere.
    expect(page.body).toContain('--bg:#fdf6e3;--fg:#000000');
    expect(page.body).not.toMatch(/(src|href)="https?:\/\/(?!me\.example\.com|github\.com|www\.linkedin\.com)/);
    expect(page.body).not.toContain('name="robots"');
    // Gzipped for a browser that takes it, under its own ETag.
    const zipped = await visit('/@alice', { 'Accept-Encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Language, Accept-Encoding');
    expect(zipped.headers.etag).toBe(page.headers.etag!.replace(/"$/, '-gz"'));
    const spanish = await visit('/@alice', { 'Accept-Language': 'es' });
    expect(spanish.body).toContain('Contenido sensible: continuar');
  });

  it('serves a background image as og:image under an overlay, and honours noindex and the page’s sensitive step', async () => {
    const put = (bytes: Buffer, headers: Record<string, string> = {}) =>
      call(server, 'PUT', '/api/hub/background', {
        headers: { ...bearer(alice.token), 'Content-Type': 'image/png', ...headers },
        rawBody: bytes,
      });
    expect((await put(Buffer.alloc(2 * 1024 * 1024 + 1))).status).toBe(413);
    // The refusals name the background, not the avatar.
    const svg = await put(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
      'Content-Type': 'image/svg+xml',
    });
    expect([svg.status, svg.body.error]).toEqual([415, 'The background must be a PNG, JPEG or WebP image']);
    const empty = await put(Buffer.alloc(0));
    expect([empty.status, empty.body.error]).toEqual([415, 'The background must be a PNG, JPEG or WebP image']);
    const gzipped = await put(gzipSync(pngBytes(32, 16)), { 'Content-Encoding': 'gzip' });
    expect([gzipped.status, gzipped.body.error]).toEqual([415, 'The background must not be compressed']);
    const saved = await put(pngBytes(32, 16));
    const url: string = saved.body.hub.background_url;
    expect(url).toMatch(/^https:\/\/me\.example\.com\/@alice\/background\?v=/);
    await putHub({ noindex: true, sensitive: true, items: [{ type: 'link', link_id: linkIds[0] }] });
    const page = await visit('/@alice');
    expect(page.body).toContain(`<meta property="og:image" content="${url}">`);
    expect(page.body).toContain(`linear-gradient(rgba(0,0,0,.62),rgba(0,0,0,.62)),url("${url}")`);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toMatch(
      /<details class="gate"><summary>Sensitive content: continue<\/summary>\n<div class="avatar/,
    );
    const image = await visit('/@alice/background');
    expect([image.status, image.headers['content-type'], image.headers['x-content-type-options']]).toEqual([
      200,
      'image/png',
      'nosniff',
    ]);
    expect((await call(server, 'DELETE', '/api/hub/background', { headers: bearer(alice.token) })).status).toBe(204);
    expect((await visit('/@alice/background')).status).toBe(404);
    expect((await visit('/@alice')).body).not.toContain('og:image');
  });

  it('shows a scheduled item between its times, even from a cached page, and never caches past the change', async () => {
    const startsAt = now + 30_000;
    const endsAt = startsAt + 20_000;
    await putHub({
      items: [
        { type: 'link', link_id: linkIds[0] },
        { type: 'heading', text: 'Flash sale', starts_at: iso(startsAt), ends_at: iso(endsAt) },
      ],
    });
    const before = await visit('/@alice');
    expect(before.body).not.toContain('Flash sale');
    expect(before.headers['cache-control']).toBe('public, max-age=30');
    now = startsAt - 300;
    const cached = await visit('/@alice');
    expect([cached.body.includes('Flash sale'), cached.headers['cache-control']]).toEqual([false, 'public, max-age=0']);
    // Within the server's one-second cache of the hub: the page it keeps changes at the start.
    now = startsAt;
    const during = await visit('/@alice', { 'If-None-Match': cached.headers.etag! });
    expect([during.status, during.body.includes('Flash sale')]).toEqual([200, true]);
    expect(during.headers['cache-control']).toBe('public, max-age=20');
    now = endsAt - 1;
    expect((await visit('/@alice')).body).toContain('Flash sale');
    now = endsAt;
    const after = await visit('/@alice');
    expect([after.body.includes('Flash sale'), after.headers['cache-control']]).toEqual([false, 'public, max-age=60']);
    now += 2_000;
  });

  it('counts each item’s views while shown and its link’s clicks from the page, exactly, without bots', async () => {
    const bob = await newUser(server, 'Bob');
    const third = linkIds[2]!;
    alice = { ...alice };
    const saved = await putHub({
      items: [
        { type: 'link', link_id: linkIds[0] },
        { type: 'heading', text: 'Hidden', visible: false },
        { type: 'link', link_id: linkIds[1], starts_at: iso(now + 60_000) },
        { type: 'social', socials: [{ platform: 'x', url: 'https://x.com/alice' }] },
        { type: 'link', link_id: third },
      ],
    });
    const [linkA, hidden, later, socials, linkC] = saved.body.hub.items.map((item: { id: number }) => item.id);
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await visit('/@alice', { 'X-Forwarded-For': address })).status).toBe(200);
    }
    for (const agent of [UA.googlebot, UA.facebookexternalhit]) await visit('/@alice', { 'User-Agent': agent });
    await request(`${server.url}/@alice`, {
      method: 'HEAD',
      headers: { Host: 'me.example.com', 'User-Agent': UA.desktopChrome },
    });
    const page = await visit('/@alice', { 'User-Agent': UA.googlebot });
    const hrefs = [...page.body.matchAll(/class="link" href="([^"]+)"/g)].map(
      (match) => new URL(match[1]!.replace(/&amp;/g, '&')),
    );
    const click = (url: URL, address: string, agent: string = UA.desktopChrome) =>
      visit(`${url.pathname}${url.search}`, { 'X-Forwarded-For': address, 'User-Agent': agent });
    expect((await click(hrefs[0]!, '198.51.100.1')).status).toBe(302);
    await click(hrefs[0]!, '198.51.100.1');
    await click(hrefs[0]!, '198.51.100.2');
    await click(hrefs[0]!, '198.51.100.3', UA.googlebot);
    now += 60_000;
    expect((await visit('/@alice', { 'X-Forwarded-For': '203.0.113.4' })).body).toContain('/second?');
    const figures = (await call(server, 'GET', '/api/hub/stats', { headers: bearer(alice.token) })).body;
    const zero = { clicks: 0, unique_clicks: 0 };
    expect(figures.items).toEqual([
      { id: linkA, views: 4, clicks: 3, unique_clicks: 2, ctr: 0.75 },
      { id: hidden, views: 0, ...zero, ctr: 0 },
      { id: later, views: 1, ...zero, ctr: 0 },
      { id: socials, views: 4, ...zero, ctr: 0 },
      { id: linkC, views: 4, ...zero, ctr: 0 },
    ]);
    // Another user's figures hold none of these.
    const bobs = (await call(server, 'GET', '/api/hub/stats', { headers: bearer(bob.token) })).body;
    expect(bobs.items).toEqual([]);
  });

  it('drops a deleted link’s item', async () => {
    const deleted = await call(server, 'DELETE', `/api/links/delete?linkId=${linkIds[2]}`, {
      headers: bearer(alice.token),
    });
    expect(deleted.status).toBeLessThan(300);
    const hub = (await call(server, 'GET', '/api/hub', { headers: bearer(alice.token) })).body.hub;
    expect(hub.items.map((item: { type: string }) => item.type)).toEqual(['link', 'heading', 'link', 'social']);
  });
});
