/**
 * from/to and the click export over HTTP, on both stores: the 400s of a bad range, the export's
 * content equal to the stored clicks (CSV with the formula guard, NDJSON), a range narrowing it,
 * and a user's export limited to their own links, without visitor addresses (the administrator's has them).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_CSV_COLUMNS } from '../../../../redirector/analytics/clickExport';
import { loadConfig } from '../../../../redirector/config';
import type { Click } from '../../../../redirector/contract/clicks';
import type { Store } from '../../../../redirector/storage/store';
import { toApiClick } from '../../../../redirector/visits/clickPresenter';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { makeTempDir, serveApp, TEST_ADMIN_KEY, type TestServer } from '../../../helpers/testServer';
import { newClick, newLink, type OpenedStore, STORE_KINDS } from '../storage/storeKinds';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 20, 10, 0, 0);
const RANGED_CALLS = ['LINK', 'summary', 'repeat-visitors', 'funnel'].map((call) => `/api/analytics/${call}`);

describe.each(STORE_KINDS)('ranges and export over HTTP on $kind', (kind) => {
  let opened: OpenedStore;
  let store: Store;
  let server: TestServer;
  let linkId = 0;

  beforeAll(async () => {
    opened = await kind.open();
    store = opened.store;
    const dataDir = makeTempDir();
    const config = loadConfig({ PORT: '0', ADMIN_KEY: TEST_ADMIN_KEY, DATA_DIR: dataDir });
    const served = await serveApp(config, store, () => NOW);
    server = { ...served, adminKey: TEST_ADMIN_KEY, dataDir, store: store as never, config };
    linkId = (await store.links.create(newLink({ short_code: 'export1' }))).id;
    const other = (await store.links.create(newLink({ short_code: 'export2' }))).id;
    const clicks = Array.from({ length: 4500 }, (_, i) =>
      newClick(i % 5 === 4 ? other : linkId, NOW - 40 * DAY + i * 600_000 + (i % 7), {
        ip_address: `203.0.113.${i % 50}`,
        is_bot: i % 11 === 0,
        city: i % 3 === 0 ? null : 'Paris, "Nord"',
        user_agent: i % 13 === 0 ? '=HYPERLINK("http://x")' : `agent ${i}`,
        referrer_source: i % 17 === 0 ? '+cmd' : null,
      }),
    );
    // Several clicks at one instant: the keyset must not lose or repeat any of them across pages.
    for (let i = 0; i < 30; i++) clicks.push(newClick(linkId, NOW - 10 * DAY, { ip_address: `198.51.100.${i}` }));
    for (let i = 0; i < clicks.length; i += 500) await store.clicks.insertMany(clicks.slice(i, i + 500));
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await opened?.close().catch(() => undefined);
  });

  const expectedClicks = async (from = Number.MIN_SAFE_INTEGER, to = Number.MAX_SAFE_INTEGER) =>
    (await store.clicks.listByLink(linkId))
      .filter((c) => !c.is_bot && c.clicked_at >= from && c.clicked_at < to)
      .sort((a, b) => a.clicked_at - b.clicked_at || a.id - b.id)
      .map(toApiClick);

  it('refuses a bad range on every ranged call with a clear message', async () => {
    const errors: Record<string, string> = {
      'from=2025-02-30&to=2025-03-01': 'from must be a date YYYY-MM-DD',
      'from=2025-03-01&to=03/02/2025': 'to must be a date YYYY-MM-DD',
      'from=2025-03-02&to=2025-03-01': 'from must not be after to',
      'from=2015-01-01&to=2025-01-08': 'a range covers at most 3660 days',
      'from=2025-03-01': 'from and to go together: give both or neither',
    };
    for (const path of [...RANGED_CALLS, `/api/analytics/${'LINK'}/clicks`]) {
      for (const [query, error] of Object.entries(errors)) {
        const answer = await call(server, 'GET', `${path.replace('LINK', String(linkId))}?${query}`, {
          headers: adminHeaders(server.adminKey),
        });
        expect([answer.status, answer.body]).toEqual([400, { error }]);
      }
    }
    const longest = await call(server, 'GET', `/api/analytics/${linkId}?from=2015-01-01&to=2025-01-07`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(longest.status).toBe(200);
    expect(longest.body.stats.days).toHaveLength(3660);
  });

  it('exports every human click as CSV, oldest first, with formulas turned into text', async () => {
    const answer = await call(server, 'GET', `/api/analytics/${linkId}/clicks`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="clicks-export1.csv"');
    const [header, ...rows] = parse(answer.body as string) as string[][];
    const expected = await expectedClicks();
    expect(expected.length).toBeGreaterThan(3000);
    const asCells = (click: Click) =>
      header!.map((column) => {
        const value = click[column as keyof Click];
        const text = value === null ? '' : String(value);
        return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      });
    expect(rows).toEqual(expected.map(asCells));
    expect(rows.some((row) => row.includes(`'=HYPERLINK("http://x")`))).toBe(true);
    expect(rows.some((row) => row.includes("'+cmd"))).toBe(true);
  });

  it('exports NDJSON equal to the stored clicks, and a range narrows it', async () => {
    const all = await call(server, 'GET', `/api/analytics/${linkId}/clicks?format=ndjson`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(all.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (all.body as string)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(await expectedClicks());
    const ranged = await call(
      server,
      'GET',
      `/api/analytics/${linkId}/clicks?format=ndjson&from=2025-05-20&to=2025-05-25&tz=Asia/Kathmandu`,
      { headers: adminHeaders(server.adminKey) },
    );
    const start = Date.UTC(2025, 4, 20) - (5 * 60 + 45) * 60_000;
    const expected = await expectedClicks(start, start + 6 * DAY);
    expect(expected.length).toBeGreaterThan(100);
    expect(
      (ranged.body as string)
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(expected);
    const bad = await call(server, 'GET', `/api/analytics/${linkId}/clicks?format=xml`, {
      headers: adminHeaders(server.adminKey),
    });
    expect([bad.status, bad.body]).toEqual([400, { error: 'format must be one of csv, ndjson' }]);
  });

  it("lets a user export their own link's clicks only, and the admin export needs the admin", async () => {
    const owner = await newUser(server, 'Owner');
    const stranger = await newUser(server, 'Stranger');
    const own = (await store.links.create(newLink({ short_code: 'mine01', user_id: owner.user.id }))).id;
    await store.clicks.insertMany([
      newClick(own, NOW - DAY, { ip_address: '198.51.100.77' }),
      newClick(own, NOW - 2 * DAY, { is_bot: true }),
    ]);
    const mine = await call(server, 'GET', `/api/analytics/user/clicks?linkId=${own}&format=ndjson`, {
      headers: bearer(owner.token),
    });
    expect(mine.status).toBe(200);
    const mineLines = (mine.body as string).trimEnd().split('\n');
    expect(mineLines).toHaveLength(1);
    // The owner's export carries every field but the visitor's address; the administrator's carries it too.
    const adminNdjson = await call(server, 'GET', `/api/analytics/${own}/clicks?format=ndjson`, {
      headers: adminHeaders(server.adminKey),
    });
    const { ip_address: address, ...rest } = JSON.parse((adminNdjson.body as string).trimEnd());
    expect(address).toBe('198.51.100.77');
    expect(JSON.parse(mineLines[0]!)).toEqual(rest);
    const mineCsv = await call(server, 'GET', `/api/analytics/user/clicks?linkId=${own}`, {
      headers: bearer(owner.token),
    });
    const [header, ...rows] = parse(mineCsv.body as string) as string[][];
    expect(header).toEqual(CLICK_CSV_COLUMNS.filter((column) => column !== 'ip_address'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(CLICK_CSV_COLUMNS.length - 1);
    expect(rows[0]).not.toContain('198.51.100.77');
    const adminCsv = await call(server, 'GET', `/api/analytics/${own}/clicks`, {
      headers: adminHeaders(server.adminKey),
    });
    expect((adminCsv.body as string).split('\r\n')[0]).toBe(CLICK_CSV_COLUMNS.join(','));
    expect(adminCsv.body as string).toContain('198.51.100.77');
    const theirs = await call(server, 'GET', `/api/analytics/user/clicks?linkId=${own}`, {
      headers: bearer(stranger.token),
    });
    expect(theirs.status).toBe(404);
    const asUser = await call(server, 'GET', `/api/analytics/${own}/clicks`, { headers: bearer(owner.token) });
    expect([401, 403]).toContain(asUser.status);
  });
});
