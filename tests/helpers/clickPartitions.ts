/** PostgreSQL's monthly click partitions in tests (docs/api.md#monthly-click-partitions): a table to move and its figures. */
import { postgresMigrations } from '../../redirector/storage/migrations/postgres';
import { createPool, type Queryable } from '../../redirector/storage/postgres/database';
import { migrate } from '../../redirector/storage/postgres/migrate';
import type { TestSchema } from './postgres';

export const DAY_MS = 86_400_000;
/** The first of the three months the populated clicks span. */
export const POPULATED_FROM = Date.UTC(2026, 7, 1);

/**
 * The schema as release 39 left it, with `count` stored clicks queued for the fold, spread over
 * August to October 2026: one in five of link `gone`, the others of link `kept`.
 */
export async function populatedBeforePartitions(
  schema: TestSchema,
  count: number,
): Promise<{ kept: number; gone: number }> {
  const pool = createPool(schema.url, () => undefined);
  try {
    await migrate(pool, postgresMigrations.slice(0, 39));
  } finally {
    await pool.end();
  }
  await schema.query(
    `INSERT INTO links (user_id, title, target_url, short_code, created_at)
     VALUES (NULL, 'Kept', 'https://example.com/kept', 'kept', 1), (NULL, 'Gone', 'https://example.com/gone', 'gone', 1)`,
  );
  await schema.query(
    `WITH stored AS (
       INSERT INTO clicks (link_id, clicked_at, ip_address, device_type, user_agent)
       SELECT (SELECT id FROM links WHERE short_code = CASE WHEN g % 5 = 0 THEN 'gone' ELSE 'kept' END),
              $1::bigint + g * $2::bigint, '10.0.' || (g % 200) || '.1', 'web', 'Mozilla/5.0'
       FROM generate_series(1, $3::int) g RETURNING id)
     INSERT INTO clicks_unfolded (id) SELECT id FROM stored`,
    [POPULATED_FROM, Math.floor((90 * DAY_MS) / count), count],
  );
  return { kept: count - Math.floor(count / 5), gone: Math.floor(count / 5) };
}

export interface ClickFigures {
  rows: number;
  distinctIds: number;
  byLink: Record<string, number>;
  /** Rows in clicks_default. */
  inDefault: number;
}

/** What `clicks` holds, counted afresh. */
export async function clickFigures(schema: TestSchema): Promise<ClickFigures> {
  const [all] = await schema.query<{ rows: string; ids: string }>(
    'SELECT COUNT(*) AS rows, COUNT(DISTINCT id) AS ids FROM clicks',
  );
  const links = await schema.query<{ code: string; n: string }>(
    'SELECT l.short_code AS code, COUNT(*) AS n FROM clicks c JOIN links l ON l.id = c.link_id GROUP BY 1',
  );
  const [inDefault] = await schema.query<{ n: string }>(
    "SELECT CASE WHEN to_regclass('clicks_default') IS NULL THEN 0 ELSE (SELECT COUNT(*) FROM clicks_default) END AS n",
  );
  return {
    rows: Number(all!.rows),
    distinctIds: Number(all!.ids),
    byLink: Object.fromEntries(links.map((row) => [row.code, Number(row.n)])),
    inDefault: Number(inDefault!.n),
  };
}

/** `r` (regular), `p` (partitioned) or null when there is no such table. */
export async function tableKind(schema: TestSchema, name: string): Promise<string | null> {
  const [row] = await schema.query<{ kind: string | null }>(
    'SELECT (SELECT relkind::text FROM pg_class WHERE oid = to_regclass($1)) AS kind',
    [name],
  );
  return row?.kind ?? null;
}

/** The partitions of `clicks`, by name. */
export async function clickPartitionNames(schema: TestSchema, parent = 'clicks'): Promise<string[]> {
  const rows = await schema.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = to_regclass($1) ORDER BY 1`,
    [parent],
  );
  return rows.map((row) => row.name);
}

export async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether the backend `pid` waits for a lock now. */
export async function waitsForLock(db: Queryable, pid: number): Promise<boolean> {
  const { rows } = await db.query<{ waiting: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted) AS waiting',
    [pid],
  );
  return rows[0]?.waiting === true;
}
