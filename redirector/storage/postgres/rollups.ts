/**
 * PostgreSQL's analytics rollups, folded from the clicks in large batches, as on SQLite.
 *
 * Several instances insert at once and identity ids commit out of order, so a fold position by
 * id (SQLite's) could pass over a click still in flight. Instead every click insert also queues
 * its id in `clicks_unfolded`, and a fold deletes a chunk of that queue and adds those clicks to
 * the rollups in one statement: a click is counted exactly once, by whichever instance takes it.
 * Background folds skip ids another fold holds and, as on SQLite, take little time while clicks
 * keep arriving; a read folds what is left first and waits for folds in progress, so every figure
 * is exact.
 *
 * Why not in the insert itself (an earlier version did): measured here with 300,000 clicks stored,
 * batches of 40, one connection: 141 µs per click with every rollup upserted by the insert
 * statement against 27 µs for the bare insert; a redirect bench run gave 0.22 × SQLite's rate.
 *
 * Whether a visitor is new to a link or to the service is read from the upsert's own RETURNING
 * (the stored count equals the chunk's count only when the row was just inserted), never from a
 * snapshot another instance may be changing. Rows are upserted in key order so that two folds
 * never wait for each other in a circle. Counts only grow: deleting old clicks leaves them as they
 * are; only a link's deletion takes its share away (a trigger of the rollups' migration, storage/migrations/postgres/).
 */

import { runInBackground } from '../../background';
import { type FoldBudgetOptions, foldBudget, foldCredit } from '../foldBudget';
import { inTransaction, type PgPool, type Queryable } from './database';
import { FOLD_BEFORE_READ_SQL, FOLD_SQL } from './foldSql';

/** A fold takes at most this many clicks (one statement, a fraction of a second). */
export const FOLD_CHUNK = 5_000;
/**
 * A read folds at most this many first (about half a second here): normally the background fold
 * leaves far fewer and every figure is exact; a flood that outruns it for minutes delays figures,
 * not reads.
 */
export const READ_FOLD_LIMIT = 5_000;

const isRetryable = (error: unknown) => ['23503', '40P01'].includes((error as { code?: string } | null)?.code ?? '');

/**
 * Folds take turns, on every instance (a transaction's advisory lock, keyed by schema as
 * migrate.ts's): each fold's statement then reads rollups that hold every earlier fold's clicks,
 * which link_day_returns needs (each visitor's days with a link, in order).
 */
const FOLD_LOCK_KEY = `hashtextextended('me:analytics_fold:' || COALESCE(current_schema(), ''), 0)`;

/**
 * Folds up to `maxRows` queued clicks; returns how many queue entries it took. `wait`: for a fold
 * in progress to end (a read, which must see its clicks counted, or a catch-up), instead of
 * leaving the turn to it and returning 0 (the background fold). A link deleted meanwhile
 * (foreign key) or a deletion and a fold meeting in a circle (deadlock) roll the chunk back
 * whole, and it is taken again.
 */
export async function foldClicks(pool: PgPool, maxRows: number, wait = false): Promise<number> {
  // A read usually finds nothing queued: one round trip instead of four (a transaction, the turn,
  // the look, the commit). An empty queue here means every committed click is folded and counted
  // (a click and its queue entry commit together, a fold's rollups and its deletions too); a fold
  // still in progress has not committed its deletions, so its entries are seen and this waits.
  // Every click committed before now is queued at or below `owed` (or folded already): those are
  // the clicks a read must see counted, and no others.
  const owed = wait ? await newestUnfoldedClick(pool) : undefined;
  if (wait && owed === undefined) return 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(pool, async (client) => {
        if (wait) await client.query(`SELECT pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
        else {
          const { rows } = await client.query<{ turn: boolean }>(
            `SELECT pg_try_advisory_xact_lock(${FOLD_LOCK_KEY}) AS turn`,
          );
          if (!rows[0]?.turn) return 0;
        }
        // Most reads find nothing queued: the fold's statement, even with nothing to do, costs
        // several milliseconds of executor start-up (dozens of plan nodes). A read that waited
        // for the turn is usually served by the fold before it: reads arriving together then
        // take one fold between them, not one each while clicks keep arriving.
        if (owed !== undefined ? !(await queuedUpTo(client, owed)) : (await newestUnfoldedClick(client)) === undefined)
          return 0;
        const { rows } = await client.query<{ folded: number }>({
          name: wait ? 'me_fold_before_read' : 'me_fold',
          text: wait ? FOLD_BEFORE_READ_SQL : FOLD_SQL,
          values: [maxRows],
        });
        return rows[0]?.folded ?? 0;
      });
    } catch (error) {
      if (attempt >= 5 || !isRetryable(error)) throw error;
    }
  }
}

/** Whether a click at or below `id` is still queued (one look at the start of the primary key). */
async function queuedUpTo(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query<{ queued: boolean }>({
    name: 'me_queued_up_to',
    text: 'SELECT EXISTS (SELECT 1 FROM clicks_unfolded WHERE id <= $1) AS queued',
    values: [id],
  });
  return rows[0]?.queued === true;
}

export async function unfoldedClicks(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM clicks_unfolded');
  return rows[0]!.n;
}

/**
 * The newest queued click's id, or undefined when the queue is empty: one lookup at the end of the
 * primary key (PostgreSQL reads MAX of an indexed column there whatever its statistics), where
 * counting the queue reads all of it (a few ms at 50,000 queued, every interval, during a flood).
 * A fold and the background fold's check both start with it.
 */
export async function newestUnfoldedClick(db: Queryable): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number | null }>({
    name: 'me_newest_unfolded',
    text: 'SELECT MAX(id) AS id FROM clicks_unfolded',
  });
  return rows[0]?.id ?? undefined;
}

export interface PostgresFoldingOptions extends Partial<FoldBudgetOptions> {
  intervalMs?: number;
  /** The credit a busy fold waits for (storage/foldBudget.ts foldCredit). */
  sliceMs?: number;
  now?: () => number;
}

/**
 * Folds while the service runs, with SQLite's policy (storage/foldBudget.ts). On a shared database
 * the time is the database server's, so every instance keeps to its share.
 */
export function foldInBackground(
  db: PgPool,
  log: (message: string, error: unknown) => void,
  options: PostgresFoldingOptions = {},
) {
  const now = options.now ?? (() => performance.now());
  const policy = foldBudget({ busyBudgetMs: 3, idleBudgetMs: 50, ...options });
  // While busy, 3 ms a turn saved up into one fold of about 30 ms a second: a fold's statement and
  // its commit (a WAL flush) cost about as much for ten clicks as for a hundred.
  const credit = foldCredit(policy, options.sliceMs ?? 30);
  let seenClickId: number | undefined;
  let msPerRow = 0.15;

  async function turn(): Promise<void> {
    const started = now();
    const newest = await newestUnfoldedClick(db);
    if (newest === undefined) {
      credit.drained();
      seenClickId = undefined;
      return;
    }
    // Busy while clicks keep arriving (any instance's: the ids come from one sequence).
    const busy = newest !== seenClickId;
    seenClickId = newest;
    // The time the fold itself takes: a turn that only looks at the queue spends nothing.
    const foldStarted = now();
    const deadline = foldStarted + credit.take(busy, started);
    try {
      while (now() < deadline) {
        const sliceStarted = now();
        const rows = Math.max(10, Math.min(FOLD_CHUNK, Math.floor((deadline - sliceStarted) / msPerRow)));
        const folded = await foldClicks(db, rows);
        if (folded > 0) msPerRow = Math.max(0.001, (now() - sliceStarted) / folded);
        // Fewer than asked: the queue is empty, or what is left is another instance's fold.
        if (folded < rows) {
          credit.drained();
          return;
        }
      }
    } finally {
      if (deadline > foldStarted) credit.spent(now() - foldStarted);
    }
  }
  return runInBackground(turn, {
    what: 'folding clicks into the analytics rollups',
    everyMs: options.intervalMs ?? 100,
    log,
  });
}
