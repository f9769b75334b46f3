/** Paged, searchable, sortable, tag-filtered link lists and tags, on both stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, clickOf, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('link lists ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof newUser>>;
  const admin = (path: string) => call(server, 'GET', path, { headers: adminHeaders(server.adminKey) });
  const asAlice = (path: string) => call(server, 'GET', path, { headers: bearer(alice.token) });
  const codes = (links: Link[]) => links.map((link) => link.short_code);

  beforeAll(async () => {
    server = await start();
    alice = await newUser(server, 'Alice');
    // Five admin links, created in order a1..a5; clicks: a3 most, then a1.
    for (const [index, title] of ['delta', 'alpha', 'echo', 'bravo', 'charlie'].entries()) {
      const created = await call(server, 'POST', '/api/links', {
        headers: adminHeaders(server.adminKey),
        body: {
          short_code: `a${index + 1}`,
          title,
          target_url: `https://site${index + 1}.example.com/50%_off`,
          tags: index % 2 === 0 ? ['Sale', 'spring'] : ['spring'],
        },
      });
      expect(created.status).toBe(201);
    }
    for (const code of ['b1', 'b2']) {
      await call(server, 'POST', '/api/links/create', {
        headers: bearer(alice.token),
        body: { short_code: code, target_url: 'https://alice.example.com', tags: ['mine'] },
      });
    }
    const all = (await admin('/api/links?per_page=200')).body as Link[];
    const id = (code: string) => all.find((link) => link.short_code === code)!.id;
    await server.store.clicks.insertMany([
      clickOf(id('a3')),
      clickOf(id('a3'), { ip_address: '203.0.113.2' }),
      clickOf(id('a3'), { ip_address: '203.0.113.3' }),
      clickOf(id('a1')),
      clickOf(id('a1'), { ip_address: '203.0.113.9' }),
      clickOf(id('b2')),
    ]);
  });
  afterAll(() => server.close());

  it('answers one page newest first with X-Total-Count and absolute Link headers', async () => {
    const first = await admin('/api/links?per_page=3');
    expect(first.status).toBe(200);
    expect(codes(first.body)).toEqual(['b2', 'b1', 'a5']);
    expect(first.headers.get('x-total-count')).toBe('7');
    expect(first.headers.get('access-control-expose-headers')).toBe('X-Total-Count, Link');
    expect(first.headers.get('link')).toBe(`<${server.url}/api/links?per_page=3&page=2>; rel="next"`);
    const second = await admin('/api/links?per_page=3&page=2');
    expect(codes(second.body)).toEqual(['a4', 'a3', 'a2']);
    expect(second.headers.get('link')).toBe(
      `<${server.url}/api/links?per_page=3&page=3>; rel="next", <${server.url}/api/links?per_page=3&page=1>; rel="prev"`,
    );
    const last = await admin('/api/links?per_page=3&page=3');
    expect(codes(last.body)).toEqual(['a1']);
    expect(last.headers.get('link')).toBe(`<${server.url}/api/links?per_page=3&page=2>; rel="prev"`);
    const beyond = await admin('/api/links?per_page=3&page=9');
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe('7');
  });

  it('sorts by clicks, title and short code, each way, ties by id', async () => {
    expect(codes((await admin('/api/links?sort=clicks&per_page=4')).body)).toEqual(['a3', 'a1', 'b2', 'b1']);
    expect(codes((await admin('/api/links?sort=clicks&order=asc&per_page=3')).body)).toEqual(['a2', 'a4', 'a5']);
    expect(codes((await admin('/api/links?sort=title&tag=sale')).body)).toEqual(['a5', 'a1', 'a3']);
    expect(codes((await admin('/api/links?sort=short_code&order=desc&per_page=2')).body)).toEqual(['b2', 'b1']);
    expect(codes((await admin('/api/links?sort=created_at&order=asc&per_page=2')).body)).toEqual(['a1', 'a2']);
    const clicks = (await admin('/api/links?sort=clicks&per_page=1')).body[0] as Link;
    expect([clicks.total_clicks, clicks.unique_visitors, clicks.tags]).toEqual([3, 3, ['sale', 'spring']]);
  });

  it('searches short code, title and address case-insensitively, wildcards taken literally', async () => {
    expect(codes((await admin('/api/links?q=ECHO')).body)).toEqual(['a3']);
    expect(codes((await admin('/api/links?q=A2')).body)).toEqual(['a2']);
    expect(codes((await admin('/api/links?q=site4.EXAMPLE')).body)).toEqual(['a4']);
    expect((await admin('/api/links?q=50%25_off')).headers.get('x-total-count')).toBe('5');
    expect((await admin('/api/links?q=50%25x')).body).toEqual([]);
    expect((await admin('/api/links?q=_')).headers.get('x-total-count')).toBe('5');
  });

  it('filters by tag, as typed in any case', async () => {
    expect(codes((await admin('/api/links?tag=SALE')).body)).toEqual(['a5', 'a3', 'a1']);
    expect(codes((await admin('/api/links?tag=spring&q=bravo')).body)).toEqual(['a4']);
    expect((await admin('/api/links?tag=nothing')).body).toEqual([]);
  });

  it('refuses a bad parameter with the rule’s message', async () => {
    const cases: [string, string][] = [
      ['sort=size', 'sort must be one of created_at, clicks, title, short_code'],
      ['order=up', 'order must be asc or desc'],
      ['page=0', 'page must be a whole number from 1'],
      ['page=x', 'page must be a whole number from 1'],
      ['per_page=201', 'per_page must be a whole number from 1 to 200'],
      ['per_page=0', 'per_page must be a whole number from 1 to 200'],
      [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
      ['page=1&page=2', 'page must be given once'],
    ];
    for (const [query, error] of cases) {
      const answer = await admin(`/api/links?${query}`);
      expect([query, answer.status, answer.body]).toEqual([query, 400, { error }]);
      const user = await asAlice(`/api/links/user?${query}`);
      expect([query, user.status, user.body]).toEqual([query, 400, { error }]);
    }
  });

  it('GET /api/links/user answers a page of the user’s links with totals over all of them', async () => {
    const answer = await asAlice('/api/links/user?per_page=1&sort=clicks');
    expect(answer.status).toBe(200);
    expect({ ...answer.body, links: codes(answer.body.links) }).toEqual({
      links: ['b2'],
      total: 2,
      page: 1,
      per_page: 1,
      totals: { links: 2, clicks: 1, unique_visitors: 1 },
    });
    const none = await asAlice('/api/links/user?q=zzz');
    expect([none.body.total, none.body.links, none.body.totals.links]).toEqual([0, [], 2]);
  });

  it('GET /api/tags counts the caller’s links per tag, sorted by name', async () => {
    const all = await admin('/api/tags');
    expect(all.body).toEqual({
      tags: [
        { name: 'mine', links: 2 },
        { name: 'sale', links: 3 },
        { name: 'spring', links: 5 },
      ],
    });
    expect((await asAlice('/api/tags')).body).toEqual({ tags: [{ name: 'mine', links: 2 }] });
    expect((await call(server, 'GET', '/api/tags')).status).toBe(401);
  });

  it('create and update take tags; a bad tag is a 400 naming it', async () => {
    const bad = await call(server, 'POST', '/api/links/create', {
      headers: bearer(alice.token),
      body: { target_url: 'https://x.example.com', tags: ['ok', 'no way'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('"no way"');
    const b1 = ((await asAlice('/api/links/user?q=b1')).body.links as Link[])[0]!;
    const updated = await call(server, 'PUT', `/api/links/update?linkId=${b1.id}`, {
      headers: bearer(alice.token),
      body: { tags: [' Zeta ', 'alpha', 'zeta'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.link.tags).toEqual(['alpha', 'zeta']);
    expect((await asAlice(`/api/links/user?linkId=${b1.id}`)).body.link.tags).toEqual(['alpha', 'zeta']);
    const kept = await call(server, 'PUT', `/api/links/update?linkId=${b1.id}`, {
      headers: bearer(alice.token),
      body: { title: 'Kept tags' },
    });
    expect(kept.body.link.tags).toEqual(['alpha', 'zeta']);
    await call(server, 'PUT', `/api/links/update?linkId=${b1.id}`, {
      headers: bearer(alice.token),
      body: { tags: ['mine'] },
    });
  });

  it('searches letters beyond A-Z case-insensitively too, links and users alike', async () => {
    const created = await call(server, 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: { short_code: 'umlaut', title: 'Über Café', target_url: 'https://umlaut.example.com' },
    });
    expect(created.status).toBe(201);
    expect(codes((await admin('/api/links?q=über')).body)).toEqual(['umlaut']);
    expect(codes((await admin('/api/links?q=CAFÉ')).body)).toEqual(['umlaut']);
    // A Greek word's final sigma and a Turkish dotted capital I, which JavaScript and PostgreSQL lower differently.
    const greek = await call(server, 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: {
        short_code: 'sisyphus',
        title: 'ΣΊΣΥΦΟΣ İZMİR',
        notes: 'όλος',
        target_url: 'https://sisyphus.example.com',
      },
    });
    for (const q of ['σίσυφος', 'ΣΊΣΥΦΟΣ', 'ς', 'İzmir', 'ΌΛΟΣ', 'όλοσ']) {
      expect(codes((await admin(`/api/links?q=${encodeURIComponent(q)}`)).body), q).toEqual(['sisyphus']);
    }
    await call(server, 'DELETE', `/api/links?id=${greek.body.id}`, { headers: adminHeaders(server.adminKey) });
    await newUser(server, 'Zoë Ünal');
    const users = await admin(`/api/users?q=${encodeURIComponent('ünal')}`);
    expect(users.body.users.map((user: { name: string }) => user.name)).toEqual(['Zoë Ünal']);
    await call(server, 'DELETE', `/api/links?id=${created.body.id}`, { headers: adminHeaders(server.adminKey) });
  });
});
