/**
 * The hub across two instances on one PostgreSQL database (docs/api.md#the-hub): a page published,
 * changed or taken down through one is served so by the other within a second or so (its page cache
 * and its directory of handles), views and hub clicks counted on either add up in the figures, a
 * page's click token from one instance counts on the other (one hub key in the database), and an
 * item hidden through one stops counting hub clicks on the other (its directory of shown links).
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { asTestServer, type PostgresTestServer, twoServersOnOneSchema } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { UA } from '../../../helpers/visitors';
import { waitFor } from '../../../helpers/webhookReceiver';

/** The page cache's second, the directory's poll, and the machine's slowness. */
const WITHIN_MS = 2500;

const within = (check: () => Promise<boolean>) => waitFor(check, WITHIN_MS, `a change seen within ${WITHIN_MS} ms`, 20);

describe('the hub across two instances', () => {
  const instances = twoServersOnOneSchema({ PUBLIC_URL: 'https://me.example.com', TRUST_PROXY: '1' });
  const visit = (server: PostgresTestServer, path: string, headers: Record<string, string> = {}) =>
    request(`${server.url}${path}`, { headers: { 'User-Agent': UA.desktopChrome, ...headers } });

  it('serves a page published through the other instance, and adds up its views and clicks', async () => {
    const { a, b } = instances;
    const ann = await newUser(asTestServer(a), 'Ann');
    const created = await call(asTestServer(a), 'POST', '/api/links/create', {
      headers: bearer(ann.token),
      body: { target_url: 'https://ann.example/', short_code: 'ann1', title: 'First title' },
    });
    const hub = { handle: 'ann', title: 'Ann', published: true, links: [{ link_id: created.body.link.id }] };
    // B reads the handle before it exists: its cache holds the miss.
    expect((await visit(b, '/@ann')).status).toBe(404);
    expect((await call(asTestServer(a), 'PUT', '/api/hub', { headers: bearer(ann.token), body: hub })).status).toBe(
      200,
    );
    await within(async () => (await visit(b, '/@ann')).status === 200);

    // Views on both, from three addresses; hub clicks on both (B knows the handle by then), each with
    // the token of the other instance's page; a bare Referer counts on neither.
    const views = [
      [a, '198.51.100.1'],
      [b, '198.51.100.2'],
      [b, '198.51.100.1'],
      [a, '198.51.100.3'],
    ] as const;
    for (const [server, address] of views) await visit(server, '/@ann', { 'X-Forwarded-For': address });
    const buttonOf = async (server: PostgresTestServer) =>
      /href="https:\/\/me\.example\.com(\/ann1\?me_hub=[^"]+)"/.exec((await visit(server, '/@ann')).body)![1]!;
    const [fromA, fromB] = [await buttonOf(a), await buttonOf(b)];
    await within(async () => {
      const before = (await call(asTestServer(a), 'GET', '/api/hub/stats', { headers: bearer(ann.token) })).body.clicks;
      await visit(b, fromA);
      const after = (await call(asTestServer(a), 'GET', '/api/hub/stats', { headers: bearer(ann.token) })).body.clicks;
      return after > before;
    });
    const clicksBefore = (await call(asTestServer(b), 'GET', '/api/hub/stats', { headers: bearer(ann.token) })).body
      .clicks;
    await visit(a, fromB);
    for (const server of [a, b]) await visit(server, '/ann1', { Referer: 'https://me.example.com/@ann' });
    const stats = (await call(asTestServer(b), 'GET', '/api/hub/stats', { headers: bearer(ann.token) })).body;
    expect(stats.clicks).toBe(clicksBefore + 1);
    // Every GET of the page that answered 200 was a view: the polls' too.
    expect(stats.views).toBeGreaterThanOrEqual(5);
    expect(stats.unique_visitors).toBe(4);

    // A link renamed through A shows on B's page within the cache's second.
    await call(asTestServer(a), 'PUT', `/api/links/update?linkId=${created.body.link.id}`, {
      headers: bearer(ann.token),
      body: { title: 'Second title' },
    });
    await within(async () => (await visit(b, '/@ann')).body.includes('Second title'));

    // The item hidden through A: within the directory's poll, B stores the click with a page's
    // token as an ordinary click of the link, counted for neither the hub nor the item.
    const figures = async (server: PostgresTestServer) =>
      (await call(asTestServer(server), 'GET', '/api/hub/stats', { headers: bearer(ann.token) })).body;
    const hidden = await call(asTestServer(a), 'PUT', '/api/hub', {
      headers: bearer(ann.token),
      body: { ...hub, links: undefined, items: [{ type: 'link', link_id: created.body.link.id, visible: false }] },
    });
    expect(hidden.status).toBe(200);
    await within(async () => (await visit(b, '/@ann')).body.includes('/ann1?') === false);
    await within(async () => {
      const before = (await figures(b)).clicks;
      await visit(b, fromA);
      return (await figures(b)).clicks === before;
    });
    const exported = async () =>
      (
        await call(asTestServer(b), 'GET', `/api/analytics/user/clicks?linkId=${created.body.link.id}&format=ndjson`, {
          headers: bearer(ann.token),
        })
      ).body
        .split('\n')
        .filter((line: string) => line !== '').length;
    const [hubBefore, storedBefore] = [await figures(b), await exported()];
    const click = await visit(b, fromB);
    expect([click.status, click.headers.location]).toEqual([302, 'https://ann.example/']);
    const hubAfter = await figures(b);
    expect(hubAfter.clicks).toBe(hubBefore.clicks);
    expect(hubAfter.items).toEqual([
      expect.objectContaining({ id: hidden.body.hub.items[0].id, clicks: hubBefore.items[0].clicks }),
    ]);
    expect(await exported()).toBe(storedBefore + 1);

    // Taken down through A: gone from B.
    expect((await call(asTestServer(a), 'DELETE', '/api/hub', { headers: bearer(ann.token) })).status).toBe(204);
    await within(async () => (await visit(b, '/@ann')).status === 404);
  });
});
