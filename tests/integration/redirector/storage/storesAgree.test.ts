/**
 * SQLite (rollups folded later) and PostgreSQL (rollups kept by each insert) answer every analytics
 * query alike over the same pseudo-random clicks: before and after a link is deleted, after more
 * clicks arrive, and when three PostgreSQL instances insert at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliScope } from '../../../../redirector/auth/scope';
import type { LiveData } from '../../../../redirector/storage/analyticsQueries';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { NewClick } from '../../../../redirector/storage/records';
import type { Store } from '../../../../redirector/storage/store';
import { createTestSchema, type TestSchema } from '../../../helpers/postgres';
import { seeded } from '../../../helpers/random';
import { newClick, newLink, type OpenedStore, postgresKind, sqliteKind } from './storeKinds';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2025, 2, 30, 1, 7, 13);

function clicksFor(linkIds: readonly number[], count: number, seed: number): NewClick[] {
  const r = seeded(seed);
  const ips = Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? `2001:db8::${i}` : `203.0.113.${i}`));
  return Array.from({ length: count }, () => {
    // Most clicks in the last hour (realtime and live), the rest over the last nine days.
    const clickedAt = r.next() < 0.4 ? NOW - Math.floor(r.next() * 60 * MINUTE) : NOW - Math.floor(r.next() * 9 * DAY);
    return newClick(r.pick(linkIds), clickedAt, {
      ip_address: r.pick(ips),
      country: r.pick(['US', 'IN', 'NG', 'XX', 'DE', 'BR']),
      city: r.pick(['Ashburn', 'Mumbai', null, 'Lagos', 'São Paulo']),
      device_type: r.pick(['ios', 'android', 'web'] as const),
      device_info: r.pick([null, 'Apple iPhone', 'Samsung SM-S911B', '']),
      browser: r.pick(['Chrome', 'Mobile Safari', 'Firefox', null, '']),
      os: r.pick(['Windows', 'iOS', 'Android', null]),
      referrer_source: r.pick([null, null, 'instagram', 'tiktok', 'google.com', 't.co']),
      instagram_exit: r.next() < 0.1,
      blocked: r.next() < 0.2,
      is_bot: r.next() < 0.1,
    });
  });
}

/** Live rows carry the ClickWithLink fields and first_clicked_at; anything else is the store's own. */
function liveFields(data: LiveData) {
  const keys = Object.keys(newClick(1, 1)).concat('id', 'link_title', 'short_code', 'first_clicked_at');
  return {
    ...data,
    visitors: data.visitors.map((row) => Object.fromEntries(keys.map((key) => [key, row[key as keyof typeof row]]))),
  };
}

async function answers(store: Store, linkIds: readonly number[]) {
  const perLink = [];
  for (const id of linkIds) {
    perLink.push(await store.analytics.linkStats(id, { recentClicks: 100 }));
    perLink.push(await store.analytics.linkStats(id, { recentClicks: 7 }));
    perLink.push(await store.links.counts(id));
  }
  const live = [];
  for (const minutes of [2, 5, 10, 30]) {
    live.push(
      liveFields(
        await store.analytics.live({ now: NOW, windowMs: minutes * MINUTE, durationWindowMs: DAY, limit: 200 }),
      ),
    );
  }
  return {
    perLink,
    live,
    list: await store.links.list(cliScope()),
    summary: await store.analytics.summary({ from: NOW - 2 * DAY, to: NOW + 2 * DAY }),
    wideSummary: await store.analytics.summary({ from: NOW - 30 * DAY, to: NOW }),
    realtime: await store.analytics.realtime({
      now: NOW,
      windowMs: 5 * MINUTE,
      activeVisitorWindowMs: 2 * MINUTE,
      latestClicks: 10,
      activeLinks: 6,
    }),
    longRealtime: await store.analytics.realtime({
      now: NOW,
      windowMs: 60 * MINUTE,
      activeVisitorWindowMs: 30 * MINUTE,
      latestClicks: 50,
      activeLinks: 3,
    }),
    repeat: await store.analytics.repeatVisitors({ frequencies: 10, top: 10 }),
    funnel: await store.analytics.funnel(),
  };
}

describe('SQLite and PostgreSQL answer alike', () => {
  let sqlite: OpenedStore;
  let postgres: OpenedStore;
  const linkIds: number[] = [];

  beforeAll(async () => {
    sqlite = await sqliteKind.open();
    postgres = await postgresKind.open();
    for (let i = 0; i < 6; i++) {
      const fields = newLink({ short_code: `agree-${i}`, title: `Link ${i}`, created_at: NOW - (i % 3) * DAY });
      const a = await sqlite.store.links.create(fields);
      const b = await postgres.store.links.create(fields);
      expect(a.id).toBe(b.id);
      linkIds.push(a.id);
    }
    const clicks = clicksFor(linkIds, 3000, 42);
    for (let i = 0; i < clicks.length; i += 500) {
      await sqlite.store.clicks.insertMany(clicks.slice(i, i + 500));
      await postgres.store.clicks.insertMany(clicks.slice(i, i + 500));
    }
  });
  afterAll(async () => {
    await sqlite?.close();
    await postgres?.close();
  });

  it('over the seeded clicks', async () => {
    const expected = await answers(sqlite.store, linkIds);
    expect(expected.summary.totalClicks).toBeGreaterThan(2500);
    expect(expected.live[3]!.online).toBeGreaterThan(10);
    expect(expected.repeat.top).toHaveLength(10);
    expect(await answers(postgres.store, linkIds)).toEqual(expected);
  });

  it('after a link is deleted and more clicks arrive', async () => {
    const [gone, ...kept] = linkIds as [number, ...number[]];
    await sqlite.store.links.delete(gone);
    await postgres.store.links.delete(gone);
    expect(await answers(postgres.store, linkIds)).toEqual(await answers(sqlite.store, linkIds));
    const more = clicksFor(kept, 400, 7);
    await sqlite.store.clicks.insertMany(more);
    await postgres.store.clicks.insertMany(more);
    expect(await answers(postgres.store, linkIds)).toEqual(await answers(sqlite.store, linkIds));
  });
});

/** Click rows without their ids: instances inserting at once take ids in another order than one would. */
function withoutClickIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClickIds);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([key]) => !(key === 'id' && 'clicked_at' in value));
  return Object.fromEntries(entries.map(([key, inner]) => [key, withoutClickIds(inner)]));
}

describe('PostgreSQL rollups written by several instances at once', () => {
  let sqlite: OpenedStore;
  let schema: TestSchema;
  let instances: Store[] = [];
  const linkIds: number[] = [];

  beforeAll(async () => {
    sqlite = await sqliteKind.open();
    schema = await createTestSchema();
    instances = await Promise.all([1, 2, 3].map(() => createPostgresStore(schema.url)));
    for (let i = 0; i < 4; i++) {
      const fields = newLink({ short_code: `many-${i}`, title: `Link ${i}`, created_at: NOW - i * DAY });
      const a = await sqlite.store.links.create(fields);
      const b = await instances[0]!.links.create(fields);
      expect(a.id).toBe(b.id);
      linkIds.push(a.id);
    }
  });
  afterAll(async () => {
    await sqlite?.close();
    await Promise.all(instances.map((store) => store.close()));
    await schema?.drop();
  });

  it('count every click once: the same figures as SQLite, before and after a link is deleted', async () => {
    // Few addresses and links: the instances' batches keep meeting on the same rollup rows.
    const clicks = clicksFor(linkIds, 3000, 99);
    const batches: NewClick[][] = [];
    for (let i = 0; i < clicks.length; i += 25) batches.push(clicks.slice(i, i + 25));
    await sqlite.store.clicks.insertMany(clicks);
    await Promise.all(
      instances.map(async (store, n) => {
        for (let i = n; i < batches.length; i += instances.length) await store.clicks.insertMany(batches[i]!);
      }),
    );
    const agree = async () =>
      expect(withoutClickIds(await answers(instances[1]!, linkIds))).toEqual(
        withoutClickIds(await answers(sqlite.store, linkIds)),
      );
    await agree();
    await sqlite.store.links.delete(linkIds[2]!);
    await instances[2]!.links.delete(linkIds[2]!);
    await agree();
  });
});
