/**
 * The online move of migration 41 (docs/api.md#monthly-click-partitions): the clicks stored before
 * it go from the old `clicks` table into `clicks_partitioned` in batches of 10,000 while the
 * service runs (later clicks go over by the old table's triggers), then the tables swap.
 *
 * - A batch is one short transaction: it locks the batch's links (FOR KEY SHARE) and then its
 *   clicks, so that a link's deletion or a click's (CLICK_RETENTION_DAYS, an account's deletion)
 *   waits for the batch and then deletes the copies too, instead of deleting before the batch
 *   copies what it read. It waits for a lock at most 500 ms and then gives up until its next turn,
 *   before PostgreSQL's deadlock check (1 s) would pick someone else's statement.
 * - Where it got to (`clicks_move.moved_id`) commits with the batch: a restart resumes there.
 * - One instance moves at a time (a transaction advisory lock, per schema).
 * - The swap (`clicks_move_finish()`, migration 41) takes the old table's lock with the same
 *   500 ms limit; the click inserts wait behind it for at most that long, then it tries again.
 */

import type { ClickMoveHealth } from '../../contract/health';
import { isLockTimeout, SHORT_LOCK_WAIT } from './clickMonths';
import { inTransaction, type PgClient, type PgPool, type Queryable } from './database';

export const MOVE_BATCH_ROWS = 10_000;
const MOVE_LOCK = `hashtextextended('me:clicks_move:' || COALESCE(current_schema(), ''), 0)`;

/** How far the move is: /healthz shows it while it runs. */
export type ClickMoveProgress = ClickMoveHealth;

/** The move's progress, or null when no move is left (migration 41 done, or done at once). */
export async function readMoveProgress(db: Queryable): Promise<ClickMoveProgress | null> {
  if (!(await moveLeft(db))) return null;
  const { rows } = await db.query<{ moved: string; estimated: string }>('SELECT moved, estimated FROM clicks_move');
  const row = rows[0];
  if (!row) return null;
  return { moved: Number(row.moved), estimated: Math.max(Number(row.estimated), Number(row.moved)) };
}

async function movedColumns(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ names: string }>(
    `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS names FROM pg_attribute
     WHERE attrelid = 'clicks_partitioned'::regclass AND attnum > 0 AND NOT attisdropped`,
  );
  return rows[0]!.names;
}

/** Whether migration 41's move has yet to end. */
export async function moveLeft(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ left: boolean }>("SELECT to_regclass('clicks_move') IS NOT NULL AS left");
  return rows[0]?.left === true;
}

/**
 * Copies the next batch; resolves with how many clicks it copied (0: none left below high_id),
 * or null when it did not run (another instance moves, a lock was not had within 500 ms).
 */
export function moveBatch(pool: PgPool, rows = MOVE_BATCH_ROWS): Promise<number | null> {
  return asTheMover(pool, null, async (client) => {
    const { rows: state } = await client.query<{ high: string; from: string }>(
      'SELECT high_id AS high, moved_id AS "from" FROM clicks_move FOR UPDATE',
    );
    if (!state[0]) return 0;
    const range = [state[0].from, state[0].high, rows];
    const batch = 'FROM clicks WHERE id > $1 AND id <= $2 ORDER BY id LIMIT $3';
    await client.query(`SELECT 1 FROM links WHERE id IN (SELECT link_id ${batch}) ORDER BY id FOR KEY SHARE`, range);
    const columns = await movedColumns(client);
    const { rows: copied } = await client.query<{ n: string; last: string | null }>(
      `WITH batch AS (SELECT ${columns} ${batch} FOR KEY SHARE),
           copied AS (INSERT INTO clicks_partitioned (${columns}) SELECT ${columns} FROM batch ON CONFLICT DO NOTHING)
         SELECT COUNT(*) AS n, MAX(id) AS last FROM batch`,
      range,
    );
    const n = Number(copied[0]?.n ?? 0);
    await client.query(
      n === 0
        ? 'UPDATE clicks_move SET moved_id = high_id'
        : 'UPDATE clicks_move SET moved_id = $1, moved = moved + $2',
      n === 0 ? [] : [copied[0]!.last, n],
    );
    return n;
  });
}

/** The swap, once every batch is copied: true when done, false when it must try again. */
export function finishMove(pool: PgPool): Promise<boolean> {
  return asTheMover(pool, false, async (client) => {
    if (!(await moveLeft(client))) return true;
    const { rows } = await client.query<{ ready: boolean }>('SELECT moved_id >= high_id AS ready FROM clicks_move');
    if (!rows[0]?.ready) return false;
    await client.query('SELECT clicks_move_finish()');
    await client.query('DROP FUNCTION clicks_move_finish()');
    return true;
  });
}

/**
 * `work` in one transaction as the one instance that moves, its locks waited for at most 500 ms;
 * `missed` when another instance moves or a lock was not had in time.
 */
async function asTheMover<T>(pool: PgPool, missed: T, work: (client: PgClient) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(pool, async (client) => {
      await client.query(SHORT_LOCK_WAIT);
      const { rows: held } = await client.query<{ held: boolean }>(
        `SELECT pg_try_advisory_xact_lock(${MOVE_LOCK}) AS held`,
      );
      return held[0]?.held ? work(client) : missed;
    });
  } catch (error) {
    if (isLockTimeout(error)) return missed;
    throw error;
  }
}
