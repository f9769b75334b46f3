/**
 * The click export's pages (AnalyticsQueries.clickPage) on both stores: small pages after one
 * another give every human click of the link and range exactly once, oldest first, ties in time
 * broken by id, whatever the page size; and the export itself over more than two pages.
 */
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { CLICK_PAGE, clickExport } from '../../../../redirector/analytics/clickExport';
import type { ClickRecord } from '../../../../redirector/storage/records';
import type { Store } from '../../../../redirector/storage/store';
import { seeded } from '../../../helpers/random';
import { newClick, newLink, openForEachTest, STORE_KINDS } from './storeKinds';

const START = Date.UTC(2025, 0, 1);

async function everyPage(store: Store, linkId: number, limit: number, range?: { start: number; end: number }) {
  const clicks: ClickRecord[] = [];
  let after: { clickedAt: number; id: number } | undefined;
  for (;;) {
    const page = await store.analytics.clickPage(linkId, { range, after, limit });
    clicks.push(...page);
    if (page.length < limit) return clicks;
    const last = page[page.length - 1]!;
    after = { clickedAt: last.clicked_at, id: last.id };
  }
}

describe.each(STORE_KINDS)('click export pages on $kind', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('pages through every human click of the link once, by time then id', async () => {
    const link = await store.links.create(newLink({ short_code: 'paged' }));
    const other = await store.links.create(newLink({ short_code: 'other' }));
    const r = seeded(7);
    // Few distinct times, so that many clicks share one and pages end inside a tie.
    const times = Array.from({ length: 40 }, (_, i) => START + i * 3_600_000);
    await store.clicks.insertMany(
      Array.from({ length: 600 }, () =>
        newClick(r.next() < 0.8 ? link.id : other.id, r.pick(times), { is_bot: r.next() < 0.1 }),
      ),
    );
    await store.analytics.catchUp();
    const stored = (await everyPage(store, link.id, 10_000)).map((click) => click.id);
    const expected = (await store.clicks.listByLink(link.id))
      .filter((click) => !click.is_bot)
      .sort((a, b) => a.clicked_at - b.clicked_at || a.id - b.id);
    expect(expected.length).toBeGreaterThan(300);
    expect(stored).toEqual(expected.map((click) => click.id));
    for (const limit of [1, 7, 64]) {
      expect((await everyPage(store, link.id, limit)).map((click) => click.id)).toEqual(stored);
    }
    const range = { start: times[5]!, end: times[30]! };
    expect((await everyPage(store, link.id, 13, range)).map((click) => click.id)).toEqual(
      expected.filter((click) => click.clicked_at >= range.start && click.clicked_at < range.end).map((c) => c.id),
    );
  });

  it('exports more clicks than a page holds, each once and in order, as CSV and NDJSON', async () => {
    const link = await store.links.create(newLink({ short_code: 'many' }));
    const count = 2 * CLICK_PAGE[store.kind] + 1;
    await store.clicks.insertMany(
      Array.from({ length: count }, (_, i) => newClick(link.id, START + Math.floor(i / 3) * 1_000)),
    );
    await store.analytics.catchUp();
    const ids = (await store.clicks.listByLink(link.id)).map((click) => click.id).sort((a, b) => a - b);
    const csv = (await text(clickExport(store, link.id, undefined, 'csv'))).split('\r\n');
    expect(csv[0]).toMatch(/^id,created_at,link_id,clicked_at,/);
    expect(csv.at(-1)).toBe('');
    expect(csv.slice(1, -1).map((line) => Number(line.split(',')[0]))).toEqual(ids);
    const ndjson = (await text(clickExport(store, link.id, undefined, 'ndjson'))).trimEnd().split('\n');
    expect(ndjson.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual(ids);
  });
});
