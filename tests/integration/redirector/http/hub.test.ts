/**
 * The hub's API (docs/api.md#the-hub), on both stores: GET/PUT/DELETE /api/hub with each rule
 * named by its field, the taken and reserved handles, links that must be the user's own and
 * leave the hub once deleted, the avatar checked by its bytes, and the administrator's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { jpegBytes, noisyPngBytes, pngBytes, SVG_BYTES, webpBytes } from '../../../helpers/imageBytes';
import { request } from '../../../helpers/rawRequest';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

type User = Awaited<ReturnType<typeof newUser>>;

describe.each(STORE_SERVERS)('the hub API ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: User;
  let bob: User;
  const linkIds: number[] = [];
  let bobsLink: number;
  const put = (user: User, body: unknown) => call(server, 'PUT', '/api/hub', { headers: bearer(user.token), body });
  const valid = (extra: Record<string, unknown> = {}) => ({ handle: 'alice', title: 'Alice', ...extra });
  const avatar = (user: User, bytes: Uint8Array, type = 'image/png') =>
    call(server, 'PUT', '/api/hub/avatar', {
      headers: { ...bearer(user.token), 'Content-Type': type },
      rawBody: bytes,
    });

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com' });
    alice = await newUser(server, 'Alice');
    bob = await newUser(server, 'Bob');
    for (const code of ['one', 'two', 'three']) {
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(alice.token),
        body: {
          target_url: `https://example.com/${code}`,
          short_code: code,
          title: code === 'two' ? '' : `Link ${code}`,
        },
      });
      linkIds.push(created.body.link.id);
    }
    const other = await call(server, 'POST', '/api/links/create', {
      headers: bearer(bob.token),
      body: { target_url: 'https://example.com/bob', short_code: 'bobs' },
    });
    bobsLink = other.body.link.id;
  });
  afterAll(() => server.close());

  it('answers {hub: null} before a page exists, and needs a user', async () => {
    expect((await call(server, 'GET', '/api/hub', { headers: bearer(alice.token) })).body).toEqual({ hub: null });
    expect((await call(server, 'GET', '/api/hub')).status).toBe(401);
  });

  it('creates a page with its defaults, lower-cases the handle and labels links', async () => {
    const saved = await put(alice, {
      handle: '  ALICE ',
      title: ' Alice ',
      links: [
        { link_id: linkIds[1], label: null },
        { link_id: linkIds[0], label: 'My first' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.hub).toMatchObject({
      handle: 'alice',
      title: 'Alice',
      bio: '',
      theme: 'auto',
      accent: '#2563eb',
      published: false,
      tiktok_bypass: false,
      url: 'https://me.example.com/@alice',
      domain_url: null,
      avatar_url: null,
      links: [
        { link_id: linkIds[1], label: null, text: 'two', short_url: 'https://me.example.com/two' },
        { link_id: linkIds[0], label: 'My first', text: 'My first', short_url: 'https://me.example.com/one' },
      ],
    });
    const read = await call(server, 'GET', '/api/hub', { headers: bearer(alice.token) });
    expect(read.body).toEqual(saved.body);
  });

  it('refuses each bad field with a 400 naming it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ handle: 'ab' }, /^handle/],
      [{ handle: 'a'.repeat(31) }, /^handle/],
      [{ handle: 'al ice' }, /^handle/],
      [{ handle: 'Ünï' }, /^handle/],
      [{ title: '' }, /^title/],
      [{ title: 'x'.repeat(61) }, /^title/],
      [{ bio: 'x'.repeat(281) }, /^bio/],
      [{ bio: 7 }, /^bio/],
      [{ theme: 'blue' }, /^theme/],
      [{ accent: 'red' }, /^accent/],
      [{ accent: '#12345' }, /^accent/],
      [{ published: 'yes' }, /^published/],
      [{ tiktok_bypass: 1 }, /^tiktok_bypass/],
      [{ links: 'all' }, /^links/],
      [{ links: [{ link_id: 'one' }] }, /^links\[0\]\.link_id/],
      [{ links: [{ link_id: 1, label: 'x'.repeat(61) }] }, /^links\[0\]\.label/],
      [{ links: Array.from({ length: 51 }, (_, i) => ({ link_id: i + 1 })) }, /^links/],
    ];
    for (const [body, message] of cases) {
      const answer = await put(alice, valid(body));
      expect([JSON.stringify(body).slice(0, 40), answer.status]).toEqual([JSON.stringify(body).slice(0, 40), 400]);
      expect(answer.body.error).toMatch(message);
    }
    const twice = await put(alice, valid({ links: [{ link_id: linkIds[0] }, { link_id: linkIds[0] }] }));
    expect([twice.status, twice.body.error]).toEqual([400, `links[1].link_id ${linkIds[0]} is listed twice`]);
    expect((await put(alice, [])).status).toBe(400);
  });

  it('refuses reserved handles and another user’s links', async () => {
    for (const handle of ['admin', 'API', 'me', 'hub', 'test-storage', 'metrics']) {
      const answer = await put(bob, { handle, title: 'Bob' });
      expect([handle, answer.status]).toEqual([handle, 400]);
      expect(answer.body.error).toMatch(/^handle .* is reserved$/);
    }
    const foreign = await put(alice, valid({ links: [{ link_id: bobsLink }] }));
    expect([foreign.status, foreign.body.error]).toEqual([400, 'links[0].link_id is not one of your links']);
    const missing = await put(alice, valid({ links: [{ link_id: 999_999 }] }));
    expect(missing.status).toBe(400);
  });

  it('answers 409 for a handle another user has, and lets its owner keep it', async () => {
    const taken = await put(bob, { handle: 'Alice', title: 'Bob' });
    expect([taken.status, taken.body.error]).toEqual([409, 'This handle is taken']);
    expect((await put(alice, valid({ bio: 'again' }))).status).toBe(200);
    expect((await put(bob, { handle: 'bob', title: 'Bob' })).status).toBe(200);
  });

  it('drops a deleted link from the hub', async () => {
    await put(alice, valid({ links: linkIds.map((link_id) => ({ link_id })) }));
    const deleted = await call(server, 'DELETE', `/api/links/delete?linkId=${linkIds[2]}`, {
      headers: bearer(alice.token),
    });
    expect(deleted.status).toBe(200);
    const hub = (await call(server, 'GET', '/api/hub', { headers: bearer(alice.token) })).body.hub;
    expect(hub.links.map((link: { link_id: number }) => link.link_id)).toEqual(linkIds.slice(0, 2));
  });

  it('takes a PNG, JPEG or WebP avatar by its bytes and serves it with its type and ETag', async () => {
    await put(alice, valid({ published: true }));
    for (const [bytes, type] of [
      [pngBytes(64, 64), 'image/png'],
      [jpegBytes(64, 48), 'image/jpeg'],
      [webpBytes(32, 32), 'image/webp'],
    ] as const) {
      // The header says something else: the bytes decide.
      const saved = await avatar(alice, bytes, 'application/octet-stream');
      expect([type, saved.status]).toEqual([type, 200]);
      expect(saved.body.hub.avatar_url).toMatch(/^https:\/\/me\.example\.com\/@alice\/avatar\?v=/);
      const served = await fetch(`${server.url}/@alice/avatar`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(bytes));
      const etag = served.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await fetch(`${server.url}/@alice/avatar`, { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
    }
  });

  it('refuses an SVG, garbage, a body over 512 KiB and an image over 2048 pixels', async () => {
    const svg = await avatar(alice, SVG_BYTES, 'image/svg+xml');
    expect([svg.status, svg.body.error]).toEqual([415, 'The avatar must be a PNG, JPEG or WebP image']);
    const svgAsPng = await avatar(alice, SVG_BYTES, 'image/png');
    expect(svgAsPng.status).toBe(415);
    expect((await avatar(alice, Buffer.from('not an image at all'))).status).toBe(415);
    // A PNG's header behind another first byte is no PNG: an HTML page that image-size read as one.
    const page = Buffer.concat([pngBytes(8, 8).subarray(0, 33), Buffer.from('<html><script>alert(1)</script>')]);
    page[0] = 0x3c;
    const notPng = await avatar(alice, page);
    expect([notPng.status, notPng.body.error]).toEqual([415, 'The avatar must be a PNG, JPEG or WebP image']);
    const notPngBackground = await call(server, 'PUT', '/api/hub/background', {
      headers: bearer(alice.token),
      rawBody: page,
    });
    expect(notPngBackground.status).toBe(415);
    const big = noisyPngBytes(500, 400);
    expect(big.length).toBeGreaterThan(512 * 1024);
    const tooBig = await avatar(alice, big);
    expect([tooBig.status, tooBig.body.error]).toEqual([413, 'The image is too large (512 KiB at most)']);
    const wide = await avatar(alice, pngBytes(2049, 1));
    expect([wide.status, wide.body.error]).toEqual([413, 'The image is too large (2048 × 2048 pixels at most)']);
    expect((await avatar(alice, pngBytes(2048, 1))).status).toBe(200);
    // Without a hub there is nothing to put it on.
    const carol = await newUser(server, 'Carol');
    expect((await avatar(carol, pngBytes(8, 8))).status).toBe(404);
  });

  it('removes the avatar', async () => {
    const removed = await call(server, 'DELETE', '/api/hub/avatar', { headers: bearer(alice.token) });
    expect(removed.status).toBe(204);
    expect((await request(`${server.url}/@alice/avatar`)).status).toBe(404);
    expect((await call(server, 'GET', '/api/hub', { headers: bearer(alice.token) })).body.hub.avatar_url).toBeNull();
  });

  it('lists every hub with its owner and views for the administrator', async () => {
    const listed = await call(server, 'GET', '/api/hubs?q=ali', { headers: adminHeaders(server.adminKey) });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1, per_page: 50 });
    expect(listed.body.hubs[0]).toMatchObject({
      handle: 'alice',
      user_id: alice.user.id,
      user_email: alice.user.email,
      views: 0,
      published: true,
      owner_disabled: false,
      url: 'https://me.example.com/@alice',
    });
    const all = await call(server, 'GET', '/api/hubs?per_page=1&page=2', { headers: adminHeaders(server.adminKey) });
    expect([all.body.total, all.body.hubs.map((hub: { handle: string }) => hub.handle)]).toEqual([2, ['bob']]);
    expect((await call(server, 'GET', '/api/hubs?per_page=0', { headers: adminHeaders(server.adminKey) })).status).toBe(
      400,
    );
    expect((await call(server, 'GET', '/api/hubs', { headers: bearer(alice.token) })).status).toBe(401);
    // Every letter's case, not only A-Z, on both stores (docs/api.md#lists-pages-search-sort-tags).
    expect((await put(bob, { handle: 'bob', title: 'Ärger Bob' })).status).toBe(200);
    for (const q of ['ärger', 'ÄRGER']) {
      const found = await call(server, 'GET', `/api/hubs?q=${encodeURIComponent(q)}`, {
        headers: adminHeaders(server.adminKey),
      });
      expect(found.body.hubs.map((hub: { handle: string }) => hub.handle)).toEqual(['bob']);
    }
  });

  it('deletes the page', async () => {
    expect((await call(server, 'DELETE', '/api/hub', { headers: bearer(bob.token) })).status).toBe(204);
    expect((await call(server, 'GET', '/api/hub', { headers: bearer(bob.token) })).body).toEqual({ hub: null });
    expect((await request(`${server.url}/@bob`)).status).toBe(404);
  });
});
