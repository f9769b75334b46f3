/**
 * A read on PostgreSQL folds the clicks committed before it began, and only while a fold has not
 * already taken them (postgres/rollups.ts foldClicks): reads that queue behind a fold while clicks
 * keep arriving are served by that fold instead of each folding again in turn.
 */
import { describe, expect, it } from 'vitest';
import { FOLD_BEFORE_READ_SQL } from '../../../../../redirector/storage/postgres/foldSql';
import { createPostgresStore, type PostgresStore } from '../../../../../redirector/storage/postgres/postgresStore';
import { unfoldedClicks } from '../../../../../redirector/storage/postgres/rollups';
import { onTestSchema } from '../../../../helpers/postgres';
import { newClick, newLink } from '../../../../helpers/records';
import { waitFor } from '../../../../helpers/webhookReceiver';

const START = Date.UTC(2026, 0, 5);
const FOLD_LOCK = `SELECT pg_advisory_xact_lock(hashtextextended('me:analytics_fold:' || COALESCE(current_schema(), ''), 0))`;

describe('reads folding on PostgreSQL', () => {
  const db = onTestSchema(async (schema) => ({ store: await createPostgresStore(schema.url) }));

  it('a read waiting for a fold is served by it, and leaves the clicks that came later queued', async () => {
    const { store } = db;
    const link = await store.links.create(newLink({ short_code: 'folds' }));
    const clicks = (count: number, from: number) =>
      Array.from({ length: count }, (_, i) =>
        newClick(link.id, START + (from + i) * 1000, { ip_address: `203.0.113.${from + i}` }),
      );
    await store.clicks.insertMany(clicks(12, 0));
    const range = { start: START, end: START + 86_400_000 };

    // Another fold holds the turn (as an instance's fold does) when the read begins.
    const folder = await store.pool.connect();
    try {
      await folder.query('BEGIN');
      await folder.query(FOLD_LOCK);
      const read = store.analytics.summary({ from: range.start, to: range.end, range });
      await waitForLockWaiter(folder);
      // That fold takes the twelve; five more clicks arrive while it runs, after the read began.
      await folder.query(FOLD_BEFORE_READ_SQL, [5_000]);
      await store.clicks.insertMany(clicks(5, 100));
      await folder.query('COMMIT');
      const summary = await read;
      expect(summary.totalClicks).toBe(12);
      expect(await unfoldedClicks(store.pool)).toBe(5);
    } finally {
      folder.release();
    }
    // The next read owes them, and folds them.
    const next = await store.analytics.summary({ from: range.start, to: range.end, range });
    expect([next.totalClicks, await unfoldedClicks(store.pool)]).toEqual([17, 0]);
  });
});

/** Resolves once a backend waits for the fold's turn that `holder` holds. */
function waitForLockWaiter(holder: { query: PostgresStore['pool']['query'] }): Promise<void> {
  const check = async () =>
    (
      await holder.query(
        "SELECT 1 FROM pg_locks l JOIN pg_locks mine ON mine.pid = pg_backend_pid() AND mine.locktype = 'advisory' AND mine.objid = l.objid AND mine.classid = l.classid WHERE l.locktype = 'advisory' AND NOT l.granted",
      )
    ).rows.length > 0;
  return waitFor(check, 5_000, 'a read to wait for the fold');
}
