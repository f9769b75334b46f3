import { columnList, type Executor } from '../executor';
import type { ClickRecord } from '../records';
import type { ClickRepository } from '../store';
import { CLICK_COLUMNS, CLICK_SHAPE } from './columns';

/** Reads written once; inserts are each engine's own (the redirect path's hot write). */
export function createClickRepository(
  db: Executor,
  insertMany: ClickRepository['insertMany'],
  concurrentInserts = 1,
  joinInFlightAt = 1,
): ClickRepository {
  return {
    insertMany,
    concurrentInserts,
    joinInFlightAt,
    listByLink: (linkId) =>
      db.all<ClickRecord>(
        `SELECT ${columnList(CLICK_COLUMNS)} FROM clicks WHERE link_id = ? ORDER BY clicked_at, id`,
        [linkId],
        CLICK_SHAPE,
      ),
    async countAll() {
      return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM clicks'))!.n;
    },
  };
}
