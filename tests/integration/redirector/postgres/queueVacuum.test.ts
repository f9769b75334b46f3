/**
 * The queue of unfolded clicks is vacuumed by the service once folds have left enough deleted
 * entries in it (redirector/storage/postgres/queueVacuum.ts), and not before. `vacuum_count`
 * counts VACUUMs run by a client, never autovacuum's, so it tells the service's own apart. CI
 * once saw the VACUUM run and 3,000 entries stay: another file's transaction held them, so the
 * suite runs in a database of its own.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../../../redirector/storage/postgres/database';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { vacuumQueueIfDead, vacuumQueueInBackground } from '../../../../redirector/storage/postgres/queueVacuum';
import { createTestSchema, onTestSchema, storeAndFold, type TestSchema } from '../../../helpers/postgres';
import { newClick, newLink } from '../../../helpers/records';

async function queueStats(schema: TestSchema) {
  // The statistics a backend reports as its transactions end, read afresh.
  await schema.query('SELECT pg_stat_clear_snapshot()');
  const [row] = await schema.query<{ dead: string; vacuums: string }>(
    `SELECT n_dead_tup AS dead, vacuum_count AS vacuums FROM pg_stat_user_tables
     WHERE relname = 'clicks_unfolded' AND schemaname = $1`,
    [schema.schema],
  );
  return { dead: Number(row!.dead), vacuums: Number(row!.vacuums) };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = await read();
    if (done(value) || tries >= 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the queue of unfolded clicks on PostgreSQL', () => {
  // A database of its own: another test's open transaction would keep the dead entries.
  const db = onTestSchema(async (schema) => ({ store: await createPostgresStore(schema.url) }), 'each', {
    ownDatabase: true,
  });

  beforeEach(async () => {
    const { schema, store } = db;
    const link = await store.links.create(newLink({ short_code: 'queue' }));
    const clicks = Array.from({ length: 3_000 }, (_, i) => newClick(link.id, 1_700_000_000_000 + i));
    await storeAndFold(store, clicks);
    // Every entry folded and deleted, still in the table.
    await until(
      () => queueStats(schema),
      (stats) => stats.dead >= 3_000,
    );
  });

  it('is vacuumed once enough folded entries wait, and not before', async () => {
    const { schema, store } = db;
    expect(await vacuumQueueIfDead(store.pool, 3_001)).toBe(false);
    expect((await queueStats(schema)).vacuums).toBe(0);
    expect(await vacuumQueueIfDead(store.pool, 3_000)).toBe(true);
    const after = await until(
      () => queueStats(schema),
      (stats) => stats.vacuums > 0,
    );
    expect(after).toEqual({ dead: 0, vacuums: 1 });
  });

  it('is vacuumed in the background, and a failure is said once', async () => {
    const { schema, store } = db;
    const logged: string[] = [];
    const background = vacuumQueueInBackground(store.pool, (message) => logged.push(message), {
      everyMs: 50,
      deadRows: 1_000,
    });
    try {
      const after = await until(
        () => queueStats(schema),
        (stats) => stats.vacuums > 0,
      );
      expect(after.vacuums).toBeGreaterThan(0);
      expect(after.dead).toBe(0);
      expect(logged).toEqual([]);
    } finally {
      await background.stop();
    }
    // A schema without the table: every look fails, and is said once.
    const empty = await createTestSchema();
    const pool = createPool(empty.url, () => undefined);
    try {
      const failing = vacuumQueueInBackground(pool, (message) => logged.push(message), { everyMs: 10, deadRows: 1 });
      // Five failed runs, each awaited (no fixed wait: a loaded machine runs the timer late).
      for (let run = 0; run < 5; run += 1) expect(await failing.runNow()).toBeUndefined();
      await failing.stop();
    } finally {
      await pool.end();
      await empty.drop();
    }
    expect(logged).toEqual(['vacuuming the queue of unfolded clicks failed']);
  });
});
