/**
 * CLICK_RETENTION_DAYS (docs/api.md#hardening-and-privacy) on both stores: the background job
 * deletes clicks older than the limit while every figure of every analytics call keeps its value;
 * only the recent-click lists lose the deleted clicks; clicks not folded yet are never deleted.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../redirector/config';
import {
  type DeleteOldClicks,
  postgresOldClickDeleter,
  type RetentionOptions,
  sqliteOldClickDeleter,
} from '../../../../redirector/storage/clickRetention';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { DAY, manualClock, storeLink } from '../../../helpers/analytics';
import { clickOf } from '../../../helpers/api';
import { createTestSchema } from '../../../helpers/postgres';
import { newLink } from '../../../helpers/records';
import { makeTempDir, serveApp, TEST_ADMIN_KEY, type TestServer } from '../../../helpers/testServer';
import { sendTraffic, visitorAnswers } from './privacyTraffic';

interface Opened {
  store: Store;
  deleter: DeleteOldClicks;
  drop(): Promise<void>;
}

const KINDS: {
  kind: string;
  open(options: { retention?: RetentionOptions; background?: boolean }): Promise<Opened>;
}[] = [
  {
    kind: 'sqlite',
    async open({ retention, background = true }) {
      const store = createSqliteStore(path.join(makeTempDir('me-retention-'), 'me.sqlite'), {
        retention,
        backgroundWork: background,
      });
      return { store, deleter: sqliteOldClickDeleter(store.db), drop: async () => {} };
    },
  },
  {
    kind: 'postgres',
    async open({ retention }) {
      const schema = await createTestSchema();
      const store = await createPostgresStore(schema.url, { retention });
      return { store, deleter: postgresOldClickDeleter(store.pool), drop: () => schema.drop() };
    },
  },
];

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(KINDS)('CLICK_RETENTION_DAYS on $kind', (kind) => {
  it('deletes old clicks in the background and every figure keeps its value', async () => {
    const now = Date.UTC(2026, 5, 15, 12);
    const clock = manualClock(now - 40 * DAY);
    // The job's own clock stays in the past until the figures before deletion are read.
    const retentionClock = manualClock(now - 40 * DAY);
    const opened = await kind.open({
      retention: { days: 30, now: retentionClock.now, busyIntervalMs: 10, idleIntervalMs: 10, chunkRows: 2 },
    });
    const dataDir = makeTempDir('me-retention-data-');
    const config = loadConfig({ PORT: '0', ADMIN_KEY: TEST_ADMIN_KEY, DATA_DIR: dataDir, TRUST_PROXY: '1' });
    const served = await serveApp(config, opened.store, clock.now);
    const server = { ...served, adminKey: TEST_ADMIN_KEY, dataDir, store: opened.store, config } as TestServer;
    try {
      const link = await storeLink(server, { short_code: 'kept-figures' });
      await sendTraffic(server, link.short_code);
      clock.set(now - 5 * DAY);
      await sendTraffic(server, link.short_code);
      clock.set(now);
      await sendTraffic(server, link.short_code);
      expect(await opened.store.clicks.countAll()).toBe(27);

      const before = await visitorAnswers(server, link.id);
      expect(before.link.stats.totalClicks).toBe(27);
      expect(before.link.recentClicks).toHaveLength(27);

      retentionClock.set(now);
      await until(async () => (await opened.store.clicks.countAll()) === 18, 'the old clicks to go');
      const after = await visitorAnswers(server, link.id);

      const { recentClicks: recentBefore, ...statsBefore } = before.link;
      const { recentClicks: recentAfter, ...statsAfter } = after.link;
      expect(statsAfter).toEqual(statsBefore);
      expect(recentAfter).toEqual(recentBefore.slice(0, 18));
      expect(after.summary).toEqual(before.summary);
      expect(after.repeat).toEqual(before.repeat);
      expect(after.realtime).toEqual(before.realtime);
      expect(after.live).toEqual(before.live);
      expect(after.funnel).toEqual(before.funnel);
    } finally {
      await served.close();
      await opened.drop();
    }
  });

  it('never deletes a click the rollups do not hold yet', async () => {
    const opened = await kind.open({ background: false });
    try {
      const link = await opened.store.links.create(newLink({ short_code: 'pending-kept' }));
      const old = Date.UTC(2020, 0, 1);
      await opened.store.clicks.insertMany([1, 2, 3].map((n) => clickOf(link.id, { clicked_at: old + n })));
      // Not folded yet: nothing old enough may go.
      expect(await opened.deleter(Date.now(), 100)).toBe(0);
      const stats = await opened.store.analytics.linkStats(link.id, { recentClicks: 100 });
      expect(stats.counts.total_clicks).toBe(3);
      // Folded (the read above folds first): now they may, all but SQLite's newest (it holds the rowids).
      expect(await opened.deleter(Date.now(), 100)).toBe(kind.kind === 'sqlite' ? 2 : 3);
      const again = await opened.store.analytics.linkStats(link.id, { recentClicks: 100 });
      expect(again.counts.total_clicks).toBe(3);
    } finally {
      await opened.store.close();
      await opened.drop();
    }
  });

  it('a range before a quiet spell longer than the limit counts no click after it', async () => {
    const opened = await kind.open({ background: false });
    try {
      const link = await opened.store.links.create(newLink({ short_code: 'quiet-spell' }));
      const day = Date.UTC(2020, 0, 6);
      const at = (days: number, ip: string) =>
        clickOf(link.id, { clicked_at: day + days * DAY + 36e6, ip_address: ip });
      await opened.store.clicks.insertMany([
        at(0, '192.0.2.1'),
        at(0, '192.0.2.1'),
        at(2, '192.0.2.1'),
        at(2, '192.0.2.2'),
      ]);
      await opened.store.clicks.insertMany([at(2, '192.0.2.2')]);
      const range = { start: day, end: day + DAY };
      const read = () => opened.store.analytics.repeatVisitors({ frequencies: 10, top: 10, range });
      const before = await read();
      expect(before.top.map((visitor) => [visitor.ip, visitor.visits])).toEqual([['192.0.2.1', 2]]);
      // Every folded click goes (SQLite keeps its newest, the last of day 2): none is after the range now.
      expect(await opened.deleter(Date.now(), 100)).toBe(kind.kind === 'sqlite' ? 4 : 5);
      expect(await read()).toEqual(before);
    } finally {
      await opened.store.close();
      await opened.drop();
    }
  });
});
