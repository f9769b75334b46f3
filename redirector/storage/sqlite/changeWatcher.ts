/**
 * Notices commits made to the SQLite file by other processes (the `me` command line: a user
 * disabled, links imported), so that the service drops what its link cache holds. SQLite bumps
 * `PRAGMA data_version` on a connection whenever another connection has committed; the service's
 * own writes leave it alone. Reading it costs a few microseconds, so it is polled once a second:
 * a change made from the command line reaches the redirect path within that second.
 */
import { type Background, runInBackground } from '../../background';
import type { SqliteDatabase } from './database';

export const CHANGE_POLL_MS = 1000;

export interface ChangeWatcher {
  /** `listener` hears null ("anything may have changed") after each outside commit. */
  subscribe(listener: (shortCode: null) => void): () => void;
  stop(): void;
}

export function watchOutsideCommits(db: SqliteDatabase, intervalMs = CHANGE_POLL_MS): ChangeWatcher {
  const listeners = new Set<(shortCode: null) => void>();
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let polling: Background<void> | undefined;
  let seen = 0;

  function poll(): void {
    if (!db.open) return;
    const version = dataVersion.get() as number;
    if (version === seen) return;
    seen = version;
    for (const listener of listeners) listener(null);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (polling === undefined && !db.memory) {
        seen = dataVersion.get() as number;
        polling = runInBackground(poll, { what: 'looking for commits made by other processes', everyMs: intervalMs });
      }
      return () => listeners.delete(listener);
    },
    stop() {
      void polling?.stop();
      polling = undefined;
      listeners.clear();
    },
  };
}
