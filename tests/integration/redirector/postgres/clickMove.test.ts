/**
 * Migration 41's move of a populated clicks table into monthly partitions while the service runs
 * (docs/api.md#monthly-click-partitions), against the real PostgreSQL: redirects answered all the
 * while and every click kept once, a restart resuming where the move was, the swap giving its lock
 * up after 500 ms rather than holding the click inserts, a failure to make partitions not
 * stopping the move, and two instances moving at once: one at a time, the other never queued
 * behind the first's batch (the advisory lock; `clicks_move`'s row lock alone would keep every
 * click once, with the second instance waiting up to 500 ms for each batch of the first).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from '../../../../redirector/storage/postgres/postgresStore';
import { clickOf } from '../../../helpers/api';
import {
  clickFigures,
  clickPartitionNames,
  populatedBeforePartitions,
  tableKind,
  until,
} from '../../../helpers/clickPartitions';
import {
  createTestSchema,
  startPostgresTestServer,
  startPostgresTestServerOnFreshSchema,
  type TestSchema,
} from '../../../helpers/postgres';
import { newLink } from '../../../helpers/records';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const STEPPED = { partitions: { moveInBackground: false, batchRows: 4_000 } } as const;

describe('moving clicks into monthly partitions (PostgreSQL migration 41)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function populated(count: number): Promise<{ schema: TestSchema; kept: number; gone: number }> {
    const schema = await createTestSchema();
    cleanups.push(() => schema.drop());
    return { schema, ...(await populatedBeforePartitions(schema, count)) };
  }

  async function openStore(schema: TestSchema, options: PostgresStoreOptions = STEPPED): Promise<PostgresStore> {
    const store = await createPostgresStore(schema.url, options);
    cleanups.push(() => store.close());
    return store;
  }

  /** The swap done, and every click there once, in its month: `byLink` the clicks per short code. */
  async function expectMoved(schema: TestSchema, byLink: Record<string, number>): Promise<void> {
    const total = Object.values(byLink).reduce((sum, n) => sum + n, 0);
    expect(await clickFigures(schema)).toEqual({ rows: total, distinctIds: total, byLink, inDefault: 0 });
    expect(await tableKind(schema, 'clicks')).toBe('p');
    for (const gone of ['clicks_move', 'clicks_partitioned']) expect(await tableKind(schema, gone)).toBeNull();
    expect(await clickPartitionNames(schema)).toEqual(
      expect.arrayContaining(['clicks_default', 'clicks_y2026m08', 'clicks_y2026m09', 'clicks_y2026m10']),
    );
  }

  it('moves a populated table while redirects run: each answered within 1 s, every click kept once', async () => {
    // A first redirect in this process loads what every later one uses (the geoip data): not the move's time.
    const warm = await startPostgresTestServerOnFreshSchema();
    const warmLink = await warm.store.links.create(newLink({ short_code: 'warm' }));
    await (
      await fetch(`${warm.url}/${warmLink.short_code}`, { redirect: 'manual', headers: { 'User-Agent': CHROME } })
    ).arrayBuffer();
    await warm.close();
    const { schema, kept, gone } = await populated(25_000);
    const server = await startPostgresTestServer(schema.url, { store: { partitions: { batchRows: 2_000 } } });
    cleanups.push(() => server.close());
    const durations: number[] = [];
    let moving = true;
    const redirects = (async () => {
      while (moving) {
        const started = performance.now();
        const response = await fetch(`${server.url}/kept`, { redirect: 'manual', headers: { 'User-Agent': CHROME } });
        await response.arrayBuffer();
        durations.push(performance.now() - started);
        expect(response.status).toBe(302);
      }
    })();
    // A link deleted halfway: its clicks go from both tables, none comes back with a later batch.
    await until(() => (server.store.clickMove()?.moved ?? Number.POSITIVE_INFINITY) >= 8_000, 'part of the move');
    await schema.query("DELETE FROM links WHERE short_code = 'gone'");
    await until(() => server.store.clickMove() === null, 'the move to end');
    moving = false;
    await redirects;

    expect(durations.length).toBeGreaterThan(0);
    expect(Math.max(...durations)).toBeLessThan(1_000);
    await until(async () => (await clickFigures(schema)).rows === kept + durations.length, 'the redirects stored');
    expect(gone).toBeGreaterThan(0);
    await expectMoved(schema, { kept: kept + durations.length });
    const link = await server.store.links.findByShortCode('kept');
    await server.store.analytics.catchUp();
    const stats = await server.store.analytics.linkStats(link!.id, { recentClicks: 1 });
    expect(stats.counts.total_clicks).toBe(kept + durations.length);
  }, 120_000);

  it('resumes after a restart where the move was, and shows its progress on /healthz', async () => {
    const { schema, kept, gone } = await populated(20_000);
    const first = await createPostgresStore(schema.url, STEPPED);
    expect(first.clickMove()).toMatchObject({ moved: 0 });
    expect(await first.partitions!.moveOnce()).toBe('more');
    expect(await first.partitions!.moveOnce()).toBe('more');
    expect(first.clickMove()).toMatchObject({ moved: 8_000 });
    const server = await startPostgresTestServer(schema.url, { store: STEPPED });
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { clicks_move: { estimated: number } };
    expect(health.clicks_move).toMatchObject({ moved: 8_000 });
    expect(health.clicks_move.estimated).toBeGreaterThanOrEqual(8_000);
    await server.close();
    await first.close();

    const second = await openStore(schema);
    expect(second.clickMove()).toMatchObject({ moved: 8_000 });
    expect(await second.partitions!.moveOnce()).toBe('more');
    expect(second.clickMove()).toMatchObject({ moved: 12_000 });
    for (let step = 0; step < 10 && (await second.partitions!.moveOnce()) !== 'done'; step++);
    expect(second.clickMove()).toBeNull();
    await expectMoved(schema, { kept, gone });
    // New clicks take ids after the old ones.
    const [{ high }] = (await schema.query('SELECT MAX(id) AS high FROM clicks')) as [{ high: string }];
    const link = await second.links.findByShortCode('kept');
    await second.clicks.insertMany([clickOf(link!.id)]);
    const [{ newest }] = (await schema.query('SELECT MAX(id) AS newest FROM clicks')) as [{ newest: string }];
    expect(Number(newest)).toBe(Number(high) + 1);
  }, 120_000);

  it('never brings back a click deleted while its batch would copy it', async () => {
    const { schema, kept, gone } = await populated(12_000);
    const store = await openStore(schema);
    const deleter = await createTestSchema();
    cleanups.push(() => deleter.drop());
    await deleter.query(`SET search_path = ${schema.schema}`);
    // A deletion under way (its trigger has deleted the copy, there is none yet), not committed.
    await deleter.query('BEGIN');
    await deleter.query('DELETE FROM clicks WHERE id = (SELECT MIN(id) FROM clicks)');
    // The batch waits for that click's lock (500 ms at most), and gives up rather than copy it.
    expect(await store.partitions!.moveOnce()).toBe('waiting');
    await deleter.query('COMMIT');
    for (let step = 0; step < 10 && (await store.partitions!.moveOnce()) !== 'done'; step++);
    const figures = await clickFigures(schema);
    expect(figures).toMatchObject({ rows: kept + gone - 1, distinctIds: kept + gone - 1 });
    // (The deletion's lock also kept the months from being made: those clicks wait in clicks_default.)
    expect(await tableKind(schema, 'clicks')).toBe('p');
  }, 120_000);

  it('gives the swap up after 500 ms while a long read holds the old table, letting click inserts through', async () => {
    const { schema, kept } = await populated(12_000);
    const store = await openStore(schema);
    for (let step = 0; step < 3; step++) expect(await store.partitions!.moveOnce()).toBe('more');
    const reader = await createTestSchema();
    cleanups.push(() => reader.drop());
    await reader.query(`SET search_path = ${schema.schema}`);
    await reader.query('BEGIN');
    await reader.query('SELECT COUNT(*) FROM clicks');
    const link = await store.links.findByShortCode('kept');
    // Every batch copied: the next step swaps, and waits for the reader's lock.
    const swap = store.partitions!.moveOnce();
    await until(async () => {
      const rows = await schema.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM pg_locks WHERE relation = 'clicks'::regclass AND mode = 'AccessExclusiveLock' AND NOT granted",
      );
      return Number(rows[0]!.n) > 0;
    }, 'the swap to wait for its lock');
    const insert = store.clicks.insertMany([clickOf(link!.id)]).then(() => 'stored');
    let timer: NodeJS.Timeout | undefined;
    const within = new Promise((resolve) => {
      timer = setTimeout(() => resolve('still waiting'), 10_000);
    });
    expect(await Promise.race([insert, within])).toBe('stored');
    clearTimeout(timer);
    expect(await swap).toBe('waiting');
    expect(await tableKind(schema, 'clicks')).toBe('r');
    await reader.query('COMMIT');
    expect(await store.partitions!.moveOnce()).toBe('done');
    expect((await clickFigures(schema)).byLink.kept).toBe(kept + 1);
  }, 120_000);

  it('moves with one instance at a time: the other answers at once, never queued behind its batch', async () => {
    const { schema, kept, gone } = await populated(16_000);
    const logged: unknown[] = [];
    const options = { ...STEPPED, log: (message: string) => logged.push(message) };
    const [a, b] = [await openStore(schema, options), await openStore(schema, options)];
    await Promise.all([a.partitions!.monthsOnce(), b.partitions!.monthsOnce()]);
    // Each instance's first step makes the months of the clicks to move; after that a step only moves.
    expect(await b.partitions!.moveOnce()).toBe('more');
    expect(await a.partitions!.moveOnce()).toBe('more');
    const moved = async () => Number((await schema.query<{ n: string }>('SELECT moved AS n FROM clicks_move'))[0]!.n);
    expect(await moved()).toBe(8_000);

    // A slow batch: a statement trigger holds `a`'s copy until the gate opens, its transaction open.
    await schema.query('CREATE TABLE batch_gate (open BOOLEAN NOT NULL)');
    cleanups.push(() => schema.query('INSERT INTO batch_gate VALUES (true)'));
    await schema.query(`CREATE FUNCTION held_batch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('application_name', 'held batch ' || current_schema(), true);
        -- (At most a minute, should the test end without opening the gate.)
        WHILE NOT EXISTS (SELECT 1 FROM batch_gate WHERE open) AND clock_timestamp() < now() + interval '1 minute' LOOP
          PERFORM pg_sleep(0.01);
        END LOOP;
        RETURN NULL;
      END $$`);
    await schema.query(
      'CREATE TRIGGER held_batch AFTER INSERT ON clicks_partitioned FOR EACH STATEMENT EXECUTE FUNCTION held_batch()',
    );
    const held = a.partitions!.moveOnce();
    let holder = 0;
    await until(async () => {
      const rows = await schema.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
        `held batch ${schema.schema}`,
      ]);
      holder = rows[0]?.pid ?? 0;
      return holder !== 0;
    }, "a's batch to be held");
    // Meanwhile `b` steps: it answers that another instance moves, without waiting behind `a`.
    let queued = false;
    let settled = false;
    const other = b.partitions!.moveOnce().finally(() => {
      settled = true;
    });
    while (!settled) {
      const [row] = await schema.query<{ n: string }>(
        'SELECT COUNT(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
        [holder],
      );
      if (Number(row!.n) > 0) queued = true;
    }
    expect(await other).toBe('waiting');
    expect(queued).toBe(false);
    await schema.query('INSERT INTO batch_gate VALUES (true)');
    expect(await held).toBe('more');
    expect(await moved()).toBe(12_000);
    await schema.query('DROP TRIGGER held_batch ON clicks_partitioned');

    // Both step together to the end: each step moves, waits or finds the move done; none fails.
    const steps: (string | undefined)[] = [];
    for (let round = 0; round < 20 && steps.slice(-2).join() !== 'done,done'; round++) {
      steps.push(...(await Promise.all([a.partitions!.moveOnce(), b.partitions!.moveOnce()])));
    }
    expect(steps.slice(-2)).toEqual(['done', 'done']);
    expect(steps.filter((step) => !['more', 'waiting', 'done'].includes(step ?? 'failed'))).toEqual([]);
    expect(logged).toEqual([]);
    await expectMoved(schema, { kept, gone });
  }, 120_000);

  it('goes on moving when making the months of the old clicks fails', async () => {
    const { schema, kept, gone } = await populated(12_000);
    const holder = await createTestSchema();
    cleanups.push(() => holder.drop());
    await holder.query(`SET search_path = ${schema.schema}`);
    const store = await createPostgresStore(schema.url, { partitions: { moveInBackground: false, batchRows: 20_000 } });
    cleanups.push(() => store.close());
    // A lock on the default partition: making a month waits 500 ms for it, then fails.
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE clicks_default IN ACCESS SHARE MODE');
    expect(await store.partitions!.moveOnce()).toBe('more');
    expect(store.clickMove()).toMatchObject({ moved: 12_000 });
    await holder.query('COMMIT');
    expect(await clickPartitionNames(schema, 'clicks_partitioned')).not.toContain('clicks_y2026m08');
    const [{ n }] = (await schema.query('SELECT COUNT(*) AS n FROM clicks_default')) as [{ n: string }];
    expect(Number(n)).toBe(kept + gone);
    expect(await store.partitions!.moveOnce()).toBe('done');
    // The hourly run (and one right after the swap) moves what sat in the default partition into its months.
    // (A month whose locks a fold held for 500 ms waits for the next run.)
    for (let run = 0; run < 10 && (await store.partitions!.monthsOnce())?.waiting.length !== 0; run++);
    await expectMoved(schema, { kept, gone });
  }, 120_000);
});
