/**
 * PostgreSQL's monthly click partitions (docs/api.md#monthly-click-partitions) against the real
 * server: months made at start and ahead as the clock moves, a month's clicks already in the default
 * partition moved into it with a click arriving meanwhile (the default partition vacuumed after), and CLICK_RETENTION_DAYS dropping a
 * whole month, never one with a click the rollups do not hold yet.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  addMonths,
  type BetweenMoveAndMake,
  monthName,
  monthOf,
} from '../../../../redirector/storage/postgres/clickMonths';
import {
  createPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from '../../../../redirector/storage/postgres/postgresStore';
import { clickOf } from '../../../helpers/api';
import { clickFigures, clickPartitionNames, DAY_MS, until, waitsForLock } from '../../../helpers/clickPartitions';
import { createTestSchema, type TestSchema } from '../../../helpers/postgres';
import { newLink } from '../../../helpers/records';

describe('monthly click partitions on PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(options: PostgresStoreOptions): Promise<{ schema: TestSchema; store: PostgresStore }> {
    const schema = await createTestSchema();
    cleanups.push(() => schema.drop());
    const store = await createPostgresStore(schema.url, options);
    cleanups.push(() => store.close());
    return { schema, store };
  }

  /** Runs of the months until one had every lock it wanted (a fold may hold one a moment); what they made and dropped. */
  async function settled(store: PostgresStore): Promise<{ made: string[]; dropped: string[] }> {
    const made: string[] = [];
    const dropped: string[] = [];
    for (let run = 0; run < 10; run++) {
      const done = await store.partitions!.monthsOnce();
      made.push(...(done?.made ?? []));
      dropped.push(...(done?.dropped ?? []));
      if (done && done.waiting.length === 0 && run > 0) break;
    }
    return { made, dropped };
  }

  it('makes this month and the two after at start, and the next one as the clock moves', async () => {
    let now = Date.UTC(2031, 3, 10);
    const { schema, store } = await open({ partitions: { now: () => now } });
    await store.partitions!.monthsOnce();
    expect(await clickPartitionNames(schema)).toEqual(
      expect.arrayContaining(['clicks_default', 'clicks_y2031m04', 'clicks_y2031m05', 'clicks_y2031m06']),
    );
    expect(await clickPartitionNames(schema)).not.toContain('clicks_y2031m07');
    now = Date.UTC(2031, 4, 20);
    expect((await settled(store)).made).toEqual(['clicks_y2031m07']);
    // A click of a month ahead lands in its month, not the default partition.
    const link = await store.links.create(newLink({ short_code: 'ahead' }));
    await store.clicks.insertMany([clickOf(link.id, { clicked_at: Date.UTC(2031, 6, 31, 23) })]);
    expect(await schema.query('SELECT COUNT(*)::int AS n FROM clicks_y2031m07')).toEqual([{ n: 1 }]);
  });

  it("moves a month's clicks out of the default partition into the month, a click arriving meanwhile too", async () => {
    let between: BetweenMoveAndMake | undefined;
    const { schema, store } = await open({
      partitions: { now: () => Date.UTC(2031, 3, 10), between: (client) => between?.(client) ?? Promise.resolve() },
    });
    await settled(store);
    const link = await store.links.create(newLink({ short_code: 'early' }));
    const february = Date.UTC(2029, 1, 10);
    await store.clicks.insertMany([1, 2, 3].map((n) => clickOf(link.id, { clicked_at: february + n })));
    expect((await clickFigures(schema)).inDefault).toBe(3);
    const [{ pid }] = (await schema.query('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
    let arrived: Promise<unknown> | undefined;
    between = async () => {
      between = undefined;
      // Another click of that month, after its clicks left the default partition and before the month exists.
      arrived = schema.query(
        `INSERT INTO clicks (link_id, clicked_at, ip_address, device_type) VALUES ($1, $2, '10.0.0.9', 'web')`,
        [link.id, february + 9],
      );
      let stored = false;
      void arrived.then(() => {
        stored = true;
      });
      // Watched from another connection than the one inserting.
      await until(async () => stored || (await waitsForLock(store.pool, pid)), 'the click to be stored or wait');
    };
    // One run, which must not fail (a failed one would be tried again an hour later).
    const run = await store.partitions!.monthsOnce();
    await arrived;
    expect(run?.made).toEqual(['clicks_y2029m02']);
    expect(await schema.query('SELECT COUNT(*)::int AS n FROM clicks_y2029m02')).toEqual([{ n: 4 }]);
    expect(await clickFigures(schema)).toMatchObject({ rows: 4, distinctIds: 4, inDefault: 0 });
    // The moved clicks' dead rows are vacuumed out of the default partition at once (a replica's
    // reads would walk them otherwise), and both tables have statistics (reltuples -1: never read).
    const [tidied] = await schema.query<{ vacuums: number; left: number; month: number }>(
      `SELECT (SELECT vacuum_count FROM pg_stat_user_tables WHERE relid = 'clicks_default'::regclass)::int AS vacuums,
              (SELECT reltuples FROM pg_class WHERE oid = 'clicks_default'::regclass)::int AS left,
              (SELECT reltuples FROM pg_class WHERE oid = 'clicks_y2029m02'::regclass)::int AS month`,
    );
    expect(tidied!.vacuums).toBeGreaterThanOrEqual(1);
    expect(tidied!.left).toBe(0);
    expect(tidied!.month).toBeGreaterThanOrEqual(3);
  });

  it('drops a month wholly past CLICK_RETENTION_DAYS, never one with a click not folded yet, and keeps every figure', async () => {
    const now = Date.UTC(2031, 5, 15);
    // The one-by-one deletion (clickRetention.ts) kept from running: what goes here goes by the months.
    const { schema, store } = await open({
      retention: { days: 30, now: () => now, busyIntervalMs: 2 ** 31 - 1, idleIntervalMs: 2 ** 31 - 1 },
    });
    // The months the migration made, by the real clock, are long past on this test's clock.
    const real = monthOf(Date.now());
    expect((await settled(store)).dropped).toEqual([0, 1, 2].map((ahead) => monthName(addMonths(real, ahead))));
    const link = await store.links.create(newLink({ short_code: 'kept-figures' }));
    const at = [Date.UTC(2031, 2, 5), Date.UTC(2031, 2, 6), Date.UTC(2031, 3, 7), now - 20 * DAY_MS];
    await store.clicks.insertMany(at.map((clicked_at) => clickOf(link.id, { clicked_at })));
    await store.analytics.catchUp();
    // One more April click, its queue entry held by a transaction of the test: not folded yet.
    await store.clicks.insertMany([clickOf(link.id, { clicked_at: Date.UTC(2031, 3, 8) })]);
    const holder = await createTestSchema();
    cleanups.push(() => holder.drop());
    await holder.query(`SET search_path = ${schema.schema}`);
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM clicks_unfolded FOR UPDATE');

    expect((await settled(store)).dropped).toEqual(['clicks_y2031m03']);
    const names = await clickPartitionNames(schema);
    expect(names).not.toContain('clicks_y2031m03');
    expect(names).toEqual(expect.arrayContaining(['clicks_y2031m04', 'clicks_y2031m05', 'clicks_y2031m06']));
    expect(await clickFigures(schema)).toMatchObject({ rows: 3, inDefault: 0 });

    await holder.query('COMMIT');
    await store.analytics.catchUp();
    const before = await store.analytics.linkStats(link.id, { recentClicks: 0 });
    expect(before.counts.total_clicks).toBe(5);
    expect((await settled(store)).dropped).toEqual(['clicks_y2031m04']);
    expect(await clickFigures(schema)).toMatchObject({ rows: 1 });
    expect(await store.analytics.linkStats(link.id, { recentClicks: 0 })).toEqual(before);
  });
  it('makes the months ahead and drops the expired ones with clicks of years no partition holds', async () => {
    let now = Date.UTC(2031, 3, 10);
    const { schema, store } = await open({
      partitions: { now: () => now },
      retention: { days: 30, now: () => now, busyIntervalMs: 2 ** 31 - 1, idleIntervalMs: 2 ** 31 - 1 },
    });
    await settled(store);
    const link = await store.links.create(newLink({ short_code: 'odd-times' }));
    // Times an import may bring (a source's ISO dates): the year 1 BC, the year 50 (which Date.UTC reads
    // as 1950), and a month the next of which JavaScript cannot date. They stay in the default partition.
    const odd = ['-000001-06-01', '0050-03-01', '+275760-09-01'].map((day) => Date.parse(`${day}T00:00:00Z`));
    await store.clicks.insertMany(odd.map((clicked_at) => clickOf(link.id, { clicked_at })));
    now = Date.UTC(2031, 6, 10);
    // One run, which must not fail (a failed one would fail again every hour).
    const run = await store.partitions!.monthsOnce();
    expect(run).toMatchObject({
      made: ['clicks_y2031m07', 'clicks_y2031m08', 'clicks_y2031m09'],
      dropped: ['clicks_y2031m04', 'clicks_y2031m05'],
    });
    expect(await clickFigures(schema)).toMatchObject({ rows: 3, inDefault: 3 });
    expect((await clickPartitionNames(schema)).filter((name) => !name.startsWith('clicks_y2031'))).toEqual([
      'clicks_default',
    ]);
  });
});
