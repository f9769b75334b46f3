/**
 * The bench seed's fold on PostgreSQL (scripts/bench/seedFold.ts: the service's fold statement in
 * chunks of 250,000 on a connection of its own, foreign keys and some indexes set aside) leaves
 * every rollup, index and constraint exactly as the service's catch-up (chunks of 5,000 on the
 * store's pool) leaves them for the same seeded clicks, and its clicks sit in their months' partitions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seedBenchDatabase } from '../../../../scripts/bench/seed';
import { ROLLUP_TABLES } from '../../../../scripts/bench/seedFold';
import { createTestSchema, type TestSchema } from '../../../helpers/postgres';

/** Every table a fold writes, and the queue it empties. */
const ROLLUPS = [...ROLLUP_TABLES, 'clicks_unfolded'];

const schemas: TestSchema[] = [];
afterEach(async () => {
  await Promise.all(schemas.splice(0).map((schema) => schema.drop()));
});

async function seeded(serviceFold: boolean): Promise<TestSchema> {
  const schema = await createTestSchema();
  schemas.push(schema);
  await seedBenchDatabase({
    file: 'unused.db',
    databaseUrl: schema.url,
    serviceFold,
    // More than two of the service's chunks, fewer than one of the seed's; regulars come back on several days.
    clicks: 12_000,
    links: 40,
    listLinks: 0,
    days: 6,
    seed: 5,
    now: Date.UTC(2026, 10, 27, 9, 30),
  });
  return schema;
}

/** Counts of visitors moved between rows: a row moved to 0 stays, and how many such rows depends on the chunks. */
const MOVED = new Set(['visit_frequency', 'day_returns', 'link_day_returns']);

async function rows(schema: TestSchema, table: string): Promise<string[]> {
  const where = MOVED.has(table) ? 'WHERE t.visitors <> 0' : '';
  const found = await schema.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ${where} ORDER BY 1`);
  return found.map(({ row }) => row);
}

/** Every index and constraint of the schema's tables, its name left out. */
async function definitions(schema: TestSchema): Promise<string[]> {
  const found = await schema.query<{ definition: string }>(
    `SELECT replace(indexdef, $1 || '.', '') AS definition FROM pg_indexes WHERE schemaname = $1
     UNION ALL
     SELECT c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
     FROM pg_constraint c WHERE c.connamespace = $1::regnamespace
     ORDER BY 1`,
    [schema.schema],
  );
  return found.map(({ definition }) => definition);
}

describe('the bench seed on PostgreSQL', () => {
  it("folds its clicks into the same rollups as the service's catch-up", async () => {
    const seed = await seeded(false);
    const service = await seeded(true);
    const differ: string[] = [];
    for (const table of ROLLUPS) {
      const ours = await rows(seed, table);
      if (JSON.stringify(ours) !== JSON.stringify(await rows(service, table))) differ.push(table);
      if (table !== 'clicks_unfolded') expect(ours.length, table).toBeGreaterThan(0);
    }
    expect(differ).toEqual([]);
    // The foreign keys and indexes it set aside are back, as they were.
    expect(await definitions(seed)).toEqual(await definitions(service));
    expect((await definitions(seed)).length).toBeGreaterThan(ROLLUPS.length);
    expect(await rows(seed, 'clicks_unfolded')).toEqual([]);
    // Its clicks sit in their month's partition, none in clicks_default, as a service's that took
    // them over time would (the service's start would move them there, docs/scaling.md).
    expect(await seed.query('SELECT COUNT(*)::int AS n FROM clicks_default')).toEqual([{ n: 0 }]);
    expect(await seed.query('SELECT COUNT(*)::int AS n FROM clicks_y2026m11')).toEqual([{ n: 12_000 }]);
    // Vacuumed and analyzed, as autovacuum would have: every table of the schema has statistics. A
    // partitioned table (clicks, docs/api.md#monthly-click-partitions) holds no rows of its own: its
    // partitions are the tables vacuumed, and PostgreSQL records no vacuum on the parent.
    const unanalyzed = await seed.query<{ relname: string }>(
      `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.schemaname = $1 AND c.relkind <> 'p' AND (s.last_analyze IS NULL OR s.last_vacuum IS NULL)`,
      [seed.schema],
    );
    expect(unanalyzed).toEqual([]);
    expect(
      Number(
        (
          await seed.query<{ n: string }>(`SELECT COUNT(*) AS n FROM pg_stat_user_tables WHERE schemaname = $1`, [
            seed.schema,
          ])
        )[0]!.n,
      ),
    ).toBeGreaterThan(ROLLUPS.length);
  }, 120_000);
});
