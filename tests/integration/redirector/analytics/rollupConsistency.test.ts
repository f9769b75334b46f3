/**
 * The rollups (folded in batches, storage/sqlite/analytics/) against the raw clicks: after every
 * kind of change, each figure the store hands out equals the same figure recomputed here from
 * every stored click.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliScope } from '../../../../redirector/auth/scope';
import type { ClickRecord, NewClick } from '../../../../redirector/storage/records';
import { READ_FOLD_LIMIT } from '../../../../redirector/storage/sqlite/analytics/rollups';
import { createSqliteStore, type SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { seededRandom } from '../../../../scripts/bench/stats';
import { DAY, fixtureClick, MINUTE } from '../../../helpers/analytics';
import { newLink } from '../../../helpers/records';
import { makeTempDir } from '../../../helpers/testServer';

const NOW = Date.UTC(2025, 5, 18, 12, 0, 0);
const QUARTER = 15 * MINUTE;

function pick<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)]!;
}

function randomClicks(next: () => number, linkIds: readonly number[], count: number): NewClick[] {
  return Array.from({ length: count }, () => {
    const country = pick(next, ['US', 'IN', 'NG', 'XX', 'FR']);
    const device = pick(next, ['ios', 'android', 'web'] as const);
    return fixtureClick(pick(next, linkIds), NOW - Math.floor(next() * 10 * DAY), {
      ip_address: `192.0.2.${Math.floor(next() * 40)}`,
      country,
      city: country === 'XX' ? null : pick(next, [null, 'Alpha', 'Beta']),
      device_type: device,
      device_info: device === 'web' ? null : pick(next, ['iPhone', 'Pixel 8', null]),
      browser: pick(next, ['Chrome', 'Safari', null]),
      os: pick(next, ['iOS', 'Android', 'Windows', null]),
      referrer_source: pick(next, [null, null, 'instagram', 't.co', 'tiktok']),
      instagram_exit: next() < 0.1,
      blocked: next() < 0.2,
      is_bot: next() < 0.1,
    });
  });
}

function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

const sorted = (map: Map<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Every figure of every link and of the whole service, from the store and from the raw clicks. */
async function compare(store: SqliteStore, linkIds: readonly number[]): Promise<void> {
  const all: ClickRecord[] = [];
  for (const id of linkIds) all.push(...(await store.clicks.listByLink(id)));
  const humans = all.filter((click) => !click.is_bot);

  const listed = new Map((await store.links.list(cliScope())).map((link) => [link.id, link]));
  for (const id of linkIds) {
    const raw = humans.filter((click) => click.link_id === id);
    const stats = await store.analytics.linkStats(id, { recentClicks: 100 });
    const counts = {
      total_clicks: raw.length,
      unique_visitors: new Set(raw.map((click) => click.ip_address)).size,
      blocked_visitors: raw.filter((click) => click.blocked).length,
      // These links have no click limit, so none keeps a quota (docs/api.md#the-link-object: expired).
      quota_used: 0,
    };
    expect(stats.counts, `link ${id}`).toEqual(counts);
    expect(await store.links.counts(id), `link ${id}`).toEqual(counts);
    expect(listed.get(id), `link ${id}`).toMatchObject(counts);
    const dimensions = new Map<string, number>();
    const add = (name: string, value: string | null) => {
      const key = `${name}=${value ?? ''}`;
      dimensions.set(key, (dimensions.get(key) ?? 0) + 1);
    };
    for (const click of raw) {
      add('device_type', click.device_type);
      add('country', click.country);
      add('browser', click.browser);
      add('os', click.os);
      add('referrer', click.referrer_source);
      add('device_info', click.device_info);
      if (click.blocked) add('blocked_country', click.country);
    }
    expect(
      sorted(new Map(stats.dimensions.map((row) => [`${row.dimension}=${row.value ?? ''}`, row.clicks]))),
      `link ${id}`,
    ).toEqual(sorted(dimensions));
    const quarters = tally(raw, (click) => String(Math.floor(click.clicked_at / QUARTER) * QUARTER));
    expect(
      stats.quarterHours.map((q) => [String(q.start), q.clicks]),
      `link ${id}`,
    ).toEqual(sorted(quarters).sort(([a], [b]) => Number(a) - Number(b)));
    const recent = [...raw].sort((a, b) => b.clicked_at - a.clicked_at || b.id - a.id).slice(0, 100);
    expect(stats.recentClicks, `link ${id}`).toEqual(recent);
  }

  const visits = tally(humans, (click) => click.ip_address);
  const summary = await store.analytics.summary({ from: 0, to: NOW + DAY });
  expect(summary.totalLinks).toBe(linkIds.length);
  expect(summary.totalClicks).toBe(humans.length);
  expect(summary.uniqueVisitors).toBe(visits.size);
  expect(sorted(new Map(summary.countries.map((c) => [c.value, c.clicks])))).toEqual(
    sorted(tally(humans, (click) => click.country)),
  );
  expect(sorted(new Map(summary.deviceTypes.map((c) => [c.value, c.clicks])))).toEqual(
    sorted(tally(humans, (click) => click.device_type)),
  );
  expect(summary.quarterHours.reduce((sum, q) => sum + q.clicks, 0)).toBe(humans.length);

  const repeat = await store.analytics.repeatVisitors({ frequencies: 100, top: 1000 });
  expect(repeat.totalVisitors).toBe(visits.size);
  expect(repeat.repeatVisitors).toBe([...visits.values()].filter((n) => n >= 2).length);
  expect(repeat.frequency).toEqual(
    sorted(tally([...visits.values()], (n) => String(n).padStart(6, '0'))).map(([n, visitors]) => ({
      visits: Number(n),
      visitors,
    })),
  );
  const lastVisit = new Map<string, number>();
  for (const click of humans)
    lastVisit.set(click.ip_address, Math.max(lastVisit.get(click.ip_address) ?? 0, click.clicked_at));
  expect(new Map(repeat.top.map((v) => [v.ip, [v.visits, v.lastClickedAt]]))).toEqual(
    new Map([...visits].filter(([, n]) => n >= 2).map(([ip, n]) => [ip, [n, lastVisit.get(ip)]])),
  );
  for (const visitor of repeat.top) {
    const places = new Set(
      humans.filter((c) => c.ip_address === visitor.ip).map((c) => `${c.country}/${c.city ?? ''}`),
    );
    expect(new Set(visitor.locations.map((p) => `${p.country}/${p.city ?? ''}`)), visitor.ip).toEqual(places);
  }

  expect(await store.analytics.funnel()).toEqual({
    clicks: humans.length,
    engaged: humans.filter((c) => c.referrer_source !== null || c.instagram_exit).length,
    instagramExits: humans.filter((c) => c.instagram_exit).length,
  });
  expect(await store.analytics.pending()).toBe(0);
}

describe('analytics rollups stay equal to the raw clicks', () => {
  let store: SqliteStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  async function openStore(dir: string): Promise<SqliteStore> {
    const opened = createSqliteStore(path.join(dir, 'me.sqlite'));
    await opened.analytics.stopBackgroundFolding();
    return opened;
  }

  async function createLink(target: SqliteStore, n: number) {
    const link = await target.links.create(newLink({ title: `Link ${n}`, short_code: `link-${n}`, created_at: NOW }));
    return link.id;
  }

  it('through batches, partial folds, a deleted link (its ids not reused) and a restart', async () => {
    const dir = makeTempDir('me-rollups-');
    store = await openStore(dir);
    const next = seededRandom(42);
    const linkIds = [await createLink(store, 1), await createLink(store, 2), await createLink(store, 3)];

    // Batches the size of the click recorder's, a fold part way, more batches.
    for (let batch = 0; batch < 20; batch++) await store.clicks.insertMany(randomClicks(next, linkIds, 40));
    expect(await store.analytics.catchUp(333)).toBe(333);
    expect(await store.analytics.pending()).toBe(800 - 333);
    // Long-link recent clicks: a link with far more than 100 clicks keeps its latest 100 exact.
    await store.clicks.insertMany(randomClicks(next, [linkIds[0]!], 500));
    await compare(store, linkIds);

    // The newest clicks belong to a link that is deleted: their ids are not handed out again (SQLite
    // once did, and the fold had passed them), the next clicks take ids above them (docs/api.md#click-ids).
    const doomed = await createLink(store, 4);
    await store.clicks.insertMany(randomClicks(next, [doomed], 50));
    await compare(store, [...linkIds, doomed]);
    const highest = (store.db.prepare('SELECT MAX(id) FROM clicks').pluck().get() as number) ?? 0;
    expect(await store.links.delete(doomed)).toBe(true);
    await store.clicks.insertMany(randomClicks(next, linkIds, 30));
    const after = store.db
      .prepare('SELECT MIN(id) FROM clicks WHERE id > ?')
      .pluck()
      .get(highest - 50) as number;
    expect(after).toBeGreaterThan(highest);
    await compare(store, linkIds);

    // A link deleted while some of its clicks are not folded yet.
    const second = await createLink(store, 5);
    await store.clicks.insertMany(randomClicks(next, [second, ...linkIds], 200));
    await store.analytics.catchUp(100);
    expect(await store.links.delete(second)).toBe(true);
    await store.clicks.insertMany(randomClicks(next, linkIds, 40));
    await compare(store, linkIds);

    // Clicks stored while the service was down are folded after the restart.
    await store.clicks.insertMany(randomClicks(next, linkIds, 120));
    await store.close();
    store = await openStore(dir);
    expect(await store.analytics.pending()).toBeGreaterThan(0);
    await compare(store, linkIds);
  });

  it('folds at most READ_FOLD_LIMIT clicks before a read, so a flood never holds a read for long', async () => {
    store = await openStore(makeTempDir('me-rollups-'));
    const linkId = await createLink(store, 1);
    const next = seededRandom(11);
    const flood = randomClicks(next, [linkId], READ_FOLD_LIMIT + 500);
    await store.clicks.insertMany(flood);
    const byId = (await store.clicks.listByLink(linkId)).sort((a, b) => a.id - b.id);
    const folded = byId.slice(0, READ_FOLD_LIMIT).filter((click) => !click.is_bot).length;
    expect((await store.analytics.linkStats(linkId, { recentClicks: 1 })).counts.total_clicks).toBe(folded);
    expect(await store.analytics.pending()).toBe(500);
    await store.analytics.catchUp();
    await compare(store, [linkId]);
  });

  it('folds in the background while the service runs', async () => {
    store = createSqliteStore(path.join(makeTempDir('me-rollups-'), 'me.sqlite'));
    const linkId = await createLink(store, 1);
    await store.clicks.insertMany(randomClicks(seededRandom(7), [linkId], 300));
    const started = Date.now();
    while ((await store.analytics.pending()) > 0 && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await store.analytics.pending()).toBe(0);
    await compare(store, [linkId]);
  });
});
