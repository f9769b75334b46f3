/**
 * The live call on SQLite (docs/api.md#get-apianalyticsliveminutes-administrator): finding each
 * online visitor's first click of the day must look visitors up by a key, never compare every
 * online visitor with every visitor of the day. With the statistics `PRAGMA optimize` gathers,
 * SQLite joined two scans: at 300,000 clicks a day the default window took 9 s, 30 minutes 50 s.
 * Its answers on both stores: tests/integration/redirector/storage/analyticsContract.test.ts.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { livePanel } from '../../../../../redirector/storage/analytics/panels/live';
import { createSqliteStore, type SqliteStore } from '../../../../../redirector/storage/sqlite/sqliteStore';
import { clickOf } from '../../../../helpers/api';
import { newLink } from '../../../../helpers/records';
import { makeTempDir } from '../../../../helpers/testServer';

let store: SqliteStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

type PlanRow = { parent: number; detail: string };

describe('the live call on SQLite', () => {
  it('joins no two scans: each statement over clicks scans one side at most and looks the other up', async () => {
    store = createSqliteStore(path.join(makeTempDir('me-live-plan-'), 'me.sqlite'), { backgroundWork: false });
    const link = await store.links.create(newLink({ short_code: 'live-plan' }));
    await store.clicks.insertMany(
      Array.from({ length: 44 }, (_, n) => clickOf(link.id, { clicked_at: Date.UTC(2026, 0, 1) + n * 60_000 })),
    );
    const { db } = store;
    db.exec('ANALYZE');

    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    livePanel.sqlite(db);
    db.prepare = prepare;

    const overClicks = prepared.filter((sql) => /\bFROM clicks\b/.test(sql));
    expect(overClicks.length).toBeGreaterThan(0);
    for (const sql of overClicks) {
      const names = [...new Set([...sql.matchAll(/@(\w+)/g)].map((match) => match[1]!))];
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(Object.fromEntries(names.map((name) => [name, 0])));
      const scans = (plan as PlanRow[]).filter((row) => row.parent === 0 && /^SCAN\b/.test(row.detail));
      expect(scans.length, `${sql}\n${scans.map((row) => row.detail).join(', ')}`).toBeLessThanOrEqual(1);
    }
  });
});
