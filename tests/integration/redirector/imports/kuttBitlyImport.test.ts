/**
 * Imports from Kutt (API v2) and Bitly (API v4) (docs/api.md#imports), served on loopback as their
 * documentation describes them, on both stores: links with their fields and each one's click total
 * as `imported_clicks` (neither keeps a click history to give), read page by page with a 429
 * waited out; password-protected and foreign-domain links listed; conflicts suffixed or skipped; a
 * re-import that creates nothing twice and brings the totals up to date; the keys never kept nor
 * shown; a user's import of a source on this network refused.
 */

import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import {
  expectSecretKept,
  importToEnd,
  linksByCode,
  useApiImportWorld,
  waitAfterRateLimit,
} from '../../../helpers/apiImports';
import { BITLY_TOKEN, type Bitlink, KUTT_KEY, type KuttLink, type ShortenerApis } from '../../../helpers/shortenerApis';
import { STORE_SERVERS } from '../http/bothStores';

function kuttLink(id: string, address: string, more: Partial<KuttLink> = {}): KuttLink {
  return {
    id,
    address,
    target: `https://example.com/${address}`,
    created_at: `2024-01-0${id.slice(-1)}T00:00:00.000Z`,
    visit_count: 0,
    ...more,
  };
}

function bitlink(id: string, more: Partial<Bitlink> = {}): Bitlink {
  return {
    id,
    long_url: `https://example.com/${id.split('/')[1]}`,
    title: null,
    created_at: '2024-01-02T03:04:05+0000',
    archived: false,
    tags: [],
    custom_bitlinks: [],
    total_clicks: 0,
    ...more,
  };
}

function seed(apis: ShortenerApis): void {
  apis.kutt.push(
    kuttLink('k1', 'home', { description: 'Home', visit_count: 12, expire_in: '2099-01-01T00:00:00.000Z' }),
    kuttLink('k2', 'secret', { password: true, visit_count: 3 }),
    kuttLink('k3', 'taken', { visit_count: 1 }),
    kuttLink('k4', 'custom', { domain: 'go.example.org' }),
  );
  apis.bitly.push(
    bitlink('bit.ly/abc', {
      title: 'ABC',
      tags: ['promo'],
      custom_bitlinks: ['https://bit.ly/spring'],
      total_clicks: 42,
    }),
    bitlink('bit.ly/old', { archived: true, total_clicks: 5 }),
    bitlink('brand.example/xyz', { total_clicks: 1 }),
    bitlink('bit.ly/taken'),
  );
}

describe.each(STORE_SERVERS)('Kutt and Bitly imports on $kind', (store) => {
  const world = useApiImportWorld(() => store.start(), seed);
  const kutt = () => ({ url: world.apis.url, api_key: KUTT_KEY });
  const bitly = () => ({ token: BITLY_TOKEN, api_url: world.apis.url });

  it('imports Kutt links with their visit counts, page by page, waiting out a 429', async () => {
    world.apis.rateLimited.add('/api/v2/links');
    const job = await importToEnd(world.server, 'kutt', kutt(), { options: { on_conflict: 'suffix' } });
    expect(job).toMatchObject({
      state: 'done',
      links: { seen: 4, created: 4, updated: 0, skipped: 0, conflicts: 1 },
      clicks: { seen: 0, imported: 0 },
    });
    expect(waitAfterRateLimit(world.apis, '/api/v2/links')).toBeGreaterThanOrEqual(950);
    expect(job.errors.map((problem) => [problem.ref, problem.message]).sort()).toEqual([
      ['k2', 'Password-protected in Kutt: imported without its password'],
      ['k3', 'The short code is taken by another link: imported as taken-2'],
      ['k4', "Its domain go.example.org is not this service's: the link is on the default domain"],
    ]);
    const links = await linksByCode(world.server);
    expect(links.get('home')).toMatchObject({
      title: 'Home',
      imported_clicks: 12,
      total_clicks: 0,
      expires_at: '2099-01-01T00:00:00.000Z',
      created_at: '2024-01-01T00:00:00.000Z',
    });
    expect(links.get('secret')).toMatchObject({ has_password: false, imported_clicks: 3 });
    expect(links.get('taken-2')).toMatchObject({ target_url: 'https://example.com/taken', imported_clicks: 1 });
    expect(links.get('taken')!.imported_clicks).toBe(0);
  });

  it('a Kutt re-import creates nothing twice and brings the totals up to date', async () => {
    world.apis.kutt[0]!.visit_count = 20;
    world.apis.kutt.push(kuttLink('k5', 'fresh', { visit_count: 2 }));
    const again = await importToEnd(world.server, 'kutt', kutt(), { options: { on_conflict: 'suffix' } });
    expect(again).toMatchObject({ state: 'done', links: { seen: 5, created: 1, skipped: 4, conflicts: 0 } });
    const links = await linksByCode(world.server);
    expect(links.get('home')!.imported_clicks).toBe(20);
    expect(links.get('fresh')!.imported_clicks).toBe(2);
    expect(links.has('taken-3')).toBe(false);
  });

  it('imports Bitly bitlinks of the default group with their totals and custom back-halves', async () => {
    world.apis.rateLimited.add('/v4/groups/Bg1234567/bitlinks');
    const job = await importToEnd(world.server, 'bitly', bitly());
    expect(job).toMatchObject({
      state: 'done',
      links: { seen: 5, created: 4, updated: 0, skipped: 0, conflicts: 1 },
      clicks: { seen: 0, imported: 0 },
    });
    expect(waitAfterRateLimit(world.apis, '/v4/groups/Bg1234567/bitlinks')).toBeGreaterThanOrEqual(950);
    expect(job.errors.map((problem) => problem.ref).sort()).toEqual(['bit.ly/taken', 'brand.example/xyz']);
    const links = await linksByCode(world.server);
    expect(links.get('abc')).toMatchObject({
      title: 'ABC',
      tags: ['promo'],
      imported_clicks: 42,
      created_at: '2024-01-02T03:04:05.000Z',
    });
    expect(links.get('spring')).toMatchObject({ target_url: 'https://example.com/abc', imported_clicks: 0 });
    expect(links.get('old')).toMatchObject({ archived: true, imported_clicks: 5 });
    expect(links.get('xyz')!.domain).toBeNull();
    const again = await importToEnd(world.server, 'bitly', bitly());
    expect(again).toMatchObject({ state: 'done', links: { seen: 5, created: 0, skipped: 4, conflicts: 1 } });
  });

  it('never keeps, answers or logs the keys; refuses a user a source on this network', async () => {
    await expectSecretKept(world.server, world.apis, KUTT_KEY, world.logs);
    await expectSecretKept(world.server, world.apis, BITLY_TOKEN, world.logs);
    const user = await newUser(world.server);
    for (const [source, connection] of [
      ['kutt', kutt()],
      ['bitly', bitly()],
    ] as const) {
      const refused = await call(world.server, 'POST', '/api/imports', {
        headers: bearer(user.token),
        body: { source, connection },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/loopback, private/);
    }
    for (const body of [
      { source: 'kutt', connection: { url: 'ftp://example.com', api_key: 'k' } },
      { source: 'kutt', connection: { url: world.apis.url } },
      { source: 'shlink', connection: { url: world.apis.url, api_key: '' } },
      { source: 'bitly', connection: { token: BITLY_TOKEN, api_url: world.apis.url, group: 'a/b' } },
    ]) {
      const answer = await call(world.server, 'POST', '/api/imports', {
        headers: adminHeaders(world.server.adminKey),
        body,
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toContain(BITLY_TOKEN);
    }
  });
});
