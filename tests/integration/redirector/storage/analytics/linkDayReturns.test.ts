/**
 * A link's distinct visitors over a range come from link_day_returns (each visitor's days with
 * the link, counted under their previous day) and the partial days' clicks: they must equal the
 * raw clicks' distinct visitors however the days arrive. Clicks here are stored in batches whose
 * days run backwards and jump about, with a read (and so a fold) after each batch, so that folds
 * add days before, between and after the days a visitor already has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeRange } from '../../../../../redirector/storage/analyticsQueries';
import type { ClickRecord, NewClick } from '../../../../../redirector/storage/records';
import { seeded } from '../../../../helpers/random';
import { newClick, newLink, type OpenedStore, STORE_KINDS } from '../storeKinds';

const DAY = 86_400_000;
const QUARTER = 900_000;
const START = Date.UTC(2025, 0, 1);
const DAYS = 40;

function clicksOf(linkIds: readonly number[]): NewClick[] {
  const r = seeded(29);
  const visitors = Array.from({ length: 30 }, (_, i) => `198.51.100.${i}`);
  return Array.from({ length: 1500 }, () =>
    newClick(r.pick(linkIds), START + Math.floor(r.next() * DAYS * DAY), {
      ip_address: r.pick(visitors),
      // A visitor seen from two places on one day has two rows of link_day_visitors that day.
      city: r.pick(['Ashburn', 'Reston']),
      is_bot: r.next() < 0.05,
    }),
  );
}

/** Ranges with quarter-hour ends: under a day, across one midnight, whole days, weeks, everything. */
function rangesOf(): TimeRange[] {
  const r = seeded(31);
  const ranges: TimeRange[] = [
    { start: START, end: START + DAYS * DAY },
    { start: START + 3 * DAY, end: START + 4 * DAY },
    { start: START - DAY, end: START + DAY + 5 * QUARTER },
  ];
  for (let i = 0; i < 9; i++) {
    const start = START + Math.floor(r.next() * DAYS * 96) * QUARTER;
    ranges.push({ start, end: start + (1 + Math.floor(r.next() * 15 * 96)) * QUARTER });
  }
  return ranges;
}

const distinctVisitors = (clicks: readonly ClickRecord[], range: TimeRange) =>
  new Set(
    clicks.filter((c) => !c.is_bot && c.clicked_at >= range.start && c.clicked_at < range.end).map((c) => c.ip_address),
  ).size;

describe.each(STORE_KINDS)('a link’s visitors over a range on $kind', (kind) => {
  let opened: OpenedStore;
  const linkIds: number[] = [];

  beforeAll(async () => {
    opened = await kind.open();
    for (const shortCode of ['returns-a', 'returns-b']) {
      linkIds.push((await opened.store.links.create(newLink({ short_code: shortCode }))).id);
    }
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('equal the raw clicks’ after every batch, whatever order the days arrive in', async () => {
    const clicks = clicksOf(linkIds);
    // Batches of five days each, the latest days first, then every other batch again: each
    // visitor's chain of days gains days before, after and between the ones it has.
    const batchOf = (click: NewClick) => Math.floor((click.clicked_at - START) / (5 * DAY));
    const order = [7, 5, 3, 1, 6, 4, 2, 0];
    const ranges = rangesOf();
    for (const batch of order) {
      await opened.store.clicks.insertMany(clicks.filter((click) => batchOf(click) === batch));
      for (const id of linkIds) {
        await expectExactVisitors(id, ranges);
      }
    }
  });

  /** The link's ranged distinct visitors, as read now, against its stored clicks. */
  async function expectExactVisitors(id: number, ranges: readonly TimeRange[]) {
    const stored = await opened.store.clicks.listByLink(id);
    for (const range of ranges) {
      const data = await opened.store.analytics.linkStats(id, { recentClicks: 1, range });
      expect({ range, visitors: data.inRange?.uniqueVisitors }).toEqual({
        range,
        visitors: distinctVisitors(stored, range),
      });
    }
  }

  // On PostgreSQL several folds may run at once (instances, the background fold, reads): they
  // take turns, or each would move the chains of days from a snapshot without the others' days.
  it('stay exact when several folds run at once', async () => {
    const id = (await opened.store.links.create(newLink({ short_code: 'returns-at-once' }))).id;
    const clicks = clicksOf([id]);
    const ranges = rangesOf();
    for (let i = 0; i < clicks.length; i += 300) {
      await opened.store.clicks.insertMany(clicks.slice(i, i + 300));
      await Promise.all([
        opened.store.analytics.catchUp(40),
        opened.store.analytics.catchUp(40),
        opened.store.analytics.catchUp(40),
        opened.store.analytics.linkStats(id, { recentClicks: 1, range: ranges[0]! }),
      ]);
    }
    await expectExactVisitors(id, ranges);
  });
});
