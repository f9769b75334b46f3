/**
 * Two stores (two instances) on one PostgreSQL database fold the same visitors' clicks at the same
 * time, in small chunks: day_returns, kept by visitor_days' trigger (postgres/rollups.ts), still
 * counts every visitor of a range once, as the raw clicks say.
 */
import { describe, expect, it } from 'vitest';
import type { PostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { foldClicks } from '../../../../redirector/storage/postgres/rollups';
import type { NewClick } from '../../../../redirector/storage/records';
import { twoStoresOnOneSchema } from '../../../helpers/postgres';
import { seeded } from '../../../helpers/random';
import { newClick, newLink } from '../../../helpers/records';

const DAY = 86_400_000;
const START = Date.UTC(2025, 2, 1);

async function foldAll(store: PostgresStore): Promise<void> {
  while ((await foldClicks(store.pool, 7)) > 0) {
    // Small chunks, so that the two stores' folds interleave.
  }
}

describe('concurrent folds on PostgreSQL', () => {
  const instances = twoStoresOnOneSchema();

  it('count each visitor of a range once while two instances fold the same visitors', async () => {
    const { a, b } = instances;
    const links = [
      await a.links.create(newLink({ short_code: 'one' })),
      await b.links.create(newLink({ short_code: 'two' })),
    ];
    const r = seeded(21);
    const ips = Array.from({ length: 12 }, (_, i) => `203.0.113.${i}`);
    const stored: NewClick[] = [];
    for (let round = 0; round < 8; round++) {
      // Every round brings the same visitors back on days before, between and after their others.
      const batch = (count: number) =>
        Array.from({ length: count }, () =>
          newClick(r.pick(links).id, START + Math.floor(r.next() * 40 * DAY), { ip_address: r.pick(ips) }),
        );
      const [forA, forB] = [batch(60), batch(60)];
      await Promise.all([a.clicks.insertMany(forA), b.clicks.insertMany(forB)]);
      stored.push(...forA, ...forB);
      await Promise.all([foldAll(a), foldAll(b)]);
    }
    for (const [first, days] of [
      [0, 40],
      [3, 1],
      [10, 7],
      [25, 15],
    ] as const) {
      const range = { start: START + first * DAY, end: START + (first + days) * DAY };
      const summary = await a.analytics.summary({ from: range.start, to: range.end, range });
      const inRange = stored.filter((click) => click.clicked_at >= range.start && click.clicked_at < range.end);
      expect(inRange.length).toBeGreaterThan(0);
      expect(summary.uniqueVisitors).toBe(new Set(inRange.map((click) => click.ip_address)).size);
    }
  });
});
