/**
 * Pages of links sorted by clicks (LinkRepository.page) on both stores: the clicked links and
 * the never clicked ones are read apart and merged (repositories/linkCounts.ts); every page, in
 * either order, with and without filters, equals the same window of all the links sorted by
 * clicks then id, and the pages together hold every link once; archived links among the most
 * and the least clicked are left out (a list's default) or kept alone (`archived=only`).
 */
import { describe, expect, it } from 'vitest';
import { cliScope } from '../../../../redirector/auth/scope';
import type { Store } from '../../../../redirector/storage/store';
import { seeded } from '../../../helpers/random';
import { newClick, newLink, openForEachTest, STORE_KINDS } from './storeKinds';

const START = Date.UTC(2025, 0, 1);

describe.each(STORE_KINDS)('links sorted by clicks on $kind', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('gives each window of the whole sorted list, both ways, filtered or not', async () => {
    const r = seeded(11);
    const links: { id: number; clicks: number; tagged: boolean; code: string }[] = [];
    const clicks = [];
    for (let i = 0; i < 60; i++) {
      const code = `${r.next() < 0.5 ? 'sale' : 'item'}-${i}`;
      const link = await store.links.create(newLink({ short_code: code }));
      const tagged = r.next() < 0.5;
      if (tagged) await store.links.setTags(link.id, ['promo']);
      // A third never clicked, a few clicked by bots only, the rest with ties in their counts.
      const humans = r.next() < 0.33 ? 0 : 1 + Math.floor(r.next() * 4);
      for (let c = 0; c < humans; c++) clicks.push(newClick(link.id, START + c * 1_000));
      if (r.next() < 0.2) clicks.push(newClick(link.id, START, { is_bot: true }));
      links.push({ id: link.id, clicks: humans, tagged, code });
    }
    await store.clicks.insertMany(clicks);
    await store.analytics.catchUp();
    // Archived: the three most clicked, the least clicked of the clicked, and every fifth link.
    const byClicks = links.filter((l) => l.clicks > 0).sort((a, b) => b.clicks - a.clicks || b.id - a.id);
    const archived = new Set([...byClicks.slice(0, 3), byClicks.at(-1)!, ...links.filter((_, i) => i % 5 === 0)]);
    for (const link of archived) await store.links.update(link.id, { archived: true });

    type Seeded = (typeof links)[number];
    const filters = [
      { q: '', tag: '', keep: () => true },
      { q: 'sale', tag: '', keep: (l: Seeded) => l.code.startsWith('sale') },
      { q: '', tag: 'promo', keep: (l: Seeded) => l.tagged },
      // A list's default: only the archive's filter, its clicked side windowed from link_totals.
      { q: '', tag: '', archived: 'hide', keep: (l: Seeded) => !archived.has(l) },
      { q: 'sale', tag: '', archived: 'hide', keep: (l: Seeded) => l.code.startsWith('sale') && !archived.has(l) },
      { q: '', tag: '', archived: 'only', keep: (l: Seeded) => archived.has(l) },
    ] as const;
    for (const filter of filters) {
      for (const order of ['desc', 'asc'] as const) {
        const sign = order === 'desc' ? -1 : 1;
        const expected = links
          .filter(filter.keep)
          .sort((a, b) => sign * (a.clicks - b.clicks) || sign * (a.id - b.id))
          .map((l) => [l.id, l.clicks]);
        for (const limit of [1, 7, 25, 100]) {
          const seen: number[][] = [];
          for (let offset = 0; offset < expected.length + limit; offset += limit) {
            const page = await store.links.page({
              scope: cliScope(),
              q: filter.q,
              tag: filter.tag,
              archived: 'archived' in filter ? filter.archived : undefined,
              sort: 'clicks',
              order,
              limit,
              offset,
            });
            expect(page.total).toBe(expected.length);
            const got = page.rows.map((row) => [row.id, row.total_clicks]);
            expect(got).toEqual(expected.slice(offset, offset + limit));
            seen.push(...got);
          }
          expect(seen).toEqual(expected);
        }
      }
    }
  });
});
