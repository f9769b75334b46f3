/**
 * A link's owner sees every figure the administrator sees of it, addresses aside, and the user
 * dashboard's unique visitors are distinct visitors across the user's links (docs/api.md#analytics),
 * on both stores and across two PostgreSQL instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { twoServersOnOneSchema } from '../../../helpers/postgres';
import { newClick } from '../../../helpers/records';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';

const AT = Date.UTC(2026, 0, 15, 9, 30);
const VISITOR = '203.0.113.77';
const OTHER_VISITOR = '198.51.100.23';

async function createLink(server: Pick<TestServer, 'url'>, token: string, shortCode: string): Promise<number> {
  const created = await call(server as TestServer, 'POST', '/api/links/create', {
    headers: bearer(token),
    body: { short_code: shortCode, target_url: `https://example.com/${shortCode}` },
  });
  expect(created.status).toBe(201);
  return created.body.link.id;
}

describe.each(STORE_SERVERS)("a link's owner sees every figure of it ($kind)", ({ start }) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let first: number;
  let second: number;

  beforeAll(async () => {
    server = await start();
    owner = await newUser(server, 'Owner');
    first = await createLink(server, owner.token, 'owned-one');
    second = await createLink(server, owner.token, 'owned-two');
    await server.store.clicks.insertMany([
      newClick(first, AT, { ip_address: VISITOR, country: 'DE', city: 'Berlin', referrer_source: 'hub' }),
      newClick(first, AT + 60_000, { ip_address: OTHER_VISITOR, country: 'XX', city: null, browser: 'Firefox' }),
      newClick(first, AT + 120_000, { ip_address: VISITOR, country: 'DE', city: 'Berlin', os: 'Linux' }),
      newClick(second, AT + 180_000, { ip_address: VISITOR, country: 'DE', city: 'Berlin' }),
    ]);
  });
  afterAll(() => server.close());

  it("answers every panel of the administrator's view with the same numbers, and no address", async () => {
    const ownerView = await call(server, 'GET', `/api/analytics/user?linkId=${first}&tz=Europe/Paris`, {
      headers: bearer(owner.token),
    });
    const adminView = await call(server, 'GET', `/api/analytics/${first}?tz=Europe/Paris`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(ownerView.status).toBe(200);
    expect(adminView.status).toBe(200);
    expect(ownerView.body.stats).toMatchObject(adminView.body.stats);
    expect(ownerView.body.stats.referrerCounts).toEqual({ Direct: 2, hub: 1 });
    expect(ownerView.body.stats.hourlyStats[10]).toBe(3);
    // The cities the administrator's recent clicks show, the same clicks in the same order.
    const withoutAddress = adminView.body.recentClicks.map(
      ({ ip_address, ...click }: Record<string, unknown>) => click,
    );
    expect(ownerView.body.recentClicks).toEqual(withoutAddress);
    expect(ownerView.body.recentClicks.map((click: { city: string | null }) => click.city)).toEqual([
      'Berlin',
      null,
      'Berlin',
    ]);
    const text = JSON.stringify(ownerView.body);
    expect(text).not.toContain('ip_address');
    expect(text).not.toContain(VISITOR);
    expect(text).not.toContain(OTHER_VISITOR);
  });

  it('counts a visitor who clicked two of the user’s links once', async () => {
    const page = await call(server, 'GET', '/api/links/user', { headers: bearer(owner.token) });
    expect(page.status).toBe(200);
    expect(page.body.totals).toEqual({ links: 2, clicks: 4, unique_visitors: 2 });
    // Each link still counts its own visitors.
    const uniques = Object.fromEntries(
      page.body.links.map((link: { id: number; unique_visitors: number }) => [link.id, link.unique_visitors]),
    );
    expect(uniques).toEqual({ [first]: 2, [second]: 1 });
  });

  it("counts one visitor of two links once, and another user's visitors not at all", async () => {
    const user = await newUser(server, 'Single');
    const a = await createLink(server, user.token, 'single-a');
    const b = await createLink(server, user.token, 'single-b');
    await server.store.clicks.insertMany([
      newClick(a, AT, { ip_address: '192.0.2.5' }),
      newClick(b, AT + 1_000, { ip_address: '192.0.2.5' }),
    ]);
    const page = await call(server, 'GET', '/api/links/user', { headers: bearer(user.token) });
    expect(page.body.totals).toEqual({ links: 2, clicks: 2, unique_visitors: 1 });
  });
});

describe('distinct visitors across two PostgreSQL instances', () => {
  const instances = twoServersOnOneSchema();

  it('one visitor of two links counts once on the instance that did not store the clicks', async () => {
    const { a, b } = instances;
    const user = await newUser(a as unknown as TestServer, 'Across');
    const one = await createLink(a, user.token, 'across-one');
    const two = await createLink(b, user.token, 'across-two');
    await a.store.clicks.insertMany([newClick(one, AT, { ip_address: VISITOR })]);
    await b.store.clicks.insertMany([newClick(two, AT + 1_000, { ip_address: VISITOR })]);
    for (const server of [a, b]) {
      const page = await call(server as unknown as TestServer, 'GET', '/api/links/user', {
        headers: bearer(user.token),
      });
      expect(page.body.totals).toEqual({ links: 2, clicks: 2, unique_visitors: 1 });
    }
  });
});
