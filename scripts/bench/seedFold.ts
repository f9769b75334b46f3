/**
 * The bench seed's fold on PostgreSQL: the service's own fold (storage/postgres/rollups.ts
 * `foldClicks`, the very statement the server runs), in chunks of SEED_FOLD_CHUNK clicks instead
 * of the service's 5,000, on a connection of its own with memory enough for its sorts and
 * aggregates and commits that do not wait for the disk (a seed that fails is started again).
 *
 * The rollups do not depend on how the queue is cut into folds (a read folds up to 5,000, the
 * background fold what its time allows, the migrations all stored clicks at once):
 * tests/integration/scripts/bench/seedFold.test.ts checks a seed folded this way against the
 * same seed folded by the service's catch-up.
 *
 * Why: at 5,000 clicks a fold, each statement's executor start-up and its index lookups in the
 * rollups are paid per chunk, and the default 4 MB of work_mem sends its sorts to disk; ten
 * million clicks took hours on a shared 2-CPU VM (docs/performance.md).
 */
import { createPool } from '../../redirector/storage/postgres/database';
import { foldClicks } from '../../redirector/storage/postgres/rollups';

export const SEED_FOLD_CHUNK = 250_000;

/** Session settings of the seed's fold connection. */
const SEED_FOLD_SETTINGS = ["SET work_mem = '256MB'", "SET synchronous_commit = 'off'"];

/**
 * Folds every queued click of the database at `url`, `chunk` at a time; `onChunk` gets the total
 * folded so far after each. Returns how many it folded.
 */
export async function foldSeededClicks(
  url: string,
  onChunk: (folded: number) => void,
  chunk = SEED_FOLD_CHUNK,
): Promise<number> {
  const pool = createPool(url, (message, error) => console.error(message, error), {
    max: 1,
    onConnect: async (client) => {
      for (const setting of SEED_FOLD_SETTINGS) await client.query(setting);
    },
  });
  try {
    let total = 0;
    for (let folded = await foldClicks(pool, chunk, true); folded > 0; folded = await foldClicks(pool, chunk, true)) {
      total += folded;
      onChunk(total);
    }
    return total;
  } finally {
    await pool.end();
  }
}
