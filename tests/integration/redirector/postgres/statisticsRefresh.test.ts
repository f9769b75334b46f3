/**
 * The service analyzes the tables whose statistics are stale where autovacuum does not
 * (redirector/storage/postgres/statisticsRefresh.ts): past its threshold of changed rows, and not
 * before. This machine's PostgreSQL runs with autovacuum off, so every analyze seen here is ours.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import {
  analyzeStaleTables,
  refreshStatisticsInBackground,
} from '../../../../redirector/storage/postgres/statisticsRefresh';
import { onTestSchema, storeAndFold, type TestSchema, tableStatistic } from '../../../helpers/postgres';
import { newClick, newLink } from '../../../helpers/records';
import { waitFor } from '../../../helpers/webhookReceiver';

const analyzed = (schema: TestSchema, table: string) =>
  tableStatistic(schema, table, 'analyze_count + autoanalyze_count');
/** Clicks are partitioned by month (docs/api.md#monthly-click-partitions): their changes are counted in the partitions. */
async function changedSinceAnalyze(schema: TestSchema, table: string): Promise<number> {
  await schema.query('SELECT pg_stat_clear_snapshot()');
  const [row] = await schema.query<{ n: string }>(
    `SELECT SUM(s.n_mod_since_analyze) AS n FROM pg_stat_user_tables s LEFT JOIN pg_inherits i ON i.inhrelid = s.relid
     WHERE s.schemaname = $1 AND (s.relname = $2 OR i.inhparent = to_regclass($2))`,
    [schema.schema, table],
  );
  return Number(row!.n);
}

describe('statistics on PostgreSQL', () => {
  const db = onTestSchema(async (schema) => ({ store: await createPostgresStore(schema.url) }));
  let linkId: number;

  beforeAll(async () => {
    const { schema, store } = db;
    const link = await store.links.create(newLink({ short_code: 'stats' }));
    linkId = link.id;
    const clicks = Array.from({ length: 3_000 }, (_, i) =>
      newClick(link.id, 1_700_000_000_000 + i * 1000, { ip_address: `10.0.${Math.floor(i / 250)}.${i % 250}` }),
    );
    await storeAndFold(store, clicks);
    await waitFor(
      async () => (await changedSinceAnalyze(schema, 'clicks')) >= 3_000,
      10_000,
      'the clicks counted as changed',
    );
  });

  it('analyzes the tables past the threshold of changed rows, and only those', async () => {
    const { schema, store } = db;
    expect(await analyzed(schema, 'clicks')).toBe(0);
    // 3,000 new clicks and as many visitors: past 1,000 + 20 % of 3,000, not past 10,000; one link is not.
    expect(await analyzeStaleTables(store.pool, { minRows: 10_000, fraction: 0.2 })).toEqual([]);
    const done = await analyzeStaleTables(store.pool, { minRows: 1_000, fraction: 0.2 });
    expect(done).toEqual(expect.arrayContaining(['clicks', 'link_visitors', 'visitors']));
    expect(done).not.toContain('links');
    await waitFor(async () => (await analyzed(schema, 'clicks')) > 0, 10_000, 'the analyze counted');
    expect(await analyzed(schema, 'clicks')).toBe(1);
    expect(await analyzed(schema, 'links')).toBe(0);
    // Analyzed: nothing is stale until rows change again.
    await waitFor(
      async () => (await changedSinceAnalyze(schema, 'clicks')) === 0,
      10_000,
      'no change since the analyze',
    );
    expect(await analyzeStaleTables(store.pool)).toEqual([]);
  });

  it('runs in the background while the service runs', async () => {
    const { schema, store } = db;
    await store.clicks.insertMany(
      Array.from({ length: 2_000 }, (_, i) => newClick(linkId, 1_800_000_000_000 + i, { ip_address: '192.0.2.1' })),
    );
    await waitFor(
      async () => (await changedSinceAnalyze(schema, 'clicks')) >= 2_000,
      10_000,
      'the new clicks counted as changed',
    );
    const before = await analyzed(schema, 'clicks');
    const logged: string[] = [];
    const background = refreshStatisticsInBackground(store.pool, (message) => logged.push(message), {
      everyMs: 50,
      minRows: 1_000,
      fraction: 0,
    });
    try {
      await waitFor(async () => (await analyzed(schema, 'clicks')) > before, 10_000, 'the background analyze');
      expect(await analyzed(schema, 'clicks')).toBe(before + 1);
      expect(logged).toEqual([]);
    } finally {
      await background.stop();
    }
  });
});
