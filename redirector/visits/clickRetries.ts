/**
 * What becomes of clicks whose insert failed (visits/clickRecorder.ts): without a spool they are
 * kept in memory and retried with a growing delay (bounded, oldest dropped first); with one, the
 * spool's clicks are stored again once the database answers (docs/api.md#when-the-database-is-unreachable).
 */
import type { ClickSpool } from '../storage/clickSpool';
import type { DatabaseHealth } from '../storage/databaseHealth';
import type { NewClick } from '../storage/records';
import type { ClickMark } from '../storage/store';

type Insert = (rows: readonly NewClick[], mark?: ClickMark) => Promise<void>;
type Log = (message: string, error?: unknown) => void;

export interface RetainedClicks {
  /** Keeps the rows for a retry (after `error`), dropping the oldest beyond the bound. */
  retain(rows: readonly NewClick[], error: unknown): void;
  /** Tries the kept clicks now; throws when some are still kept afterwards. */
  storeNow(): Promise<void>;
  count(): number;
}

export interface RetainedClicksOptions {
  insert: Insert;
  log: Log;
  firstRetryDelay: number;
  maxRetryDelay: number;
  maxRetained: number;
}

export function createRetainedClicks(options: RetainedClicksOptions): RetainedClicks {
  const { insert, log, firstRetryDelay, maxRetryDelay, maxRetained } = options;
  let retained: NewClick[] = [];
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = firstRetryDelay;

  function retain(rows: readonly NewClick[], error: unknown): void {
    if (retained.length === 0) log(`could not store ${rows.length} click(s); keeping them to retry`, error);
    for (const row of rows) retained.push(row);
    if (retained.length > maxRetained) {
      const dropped = retained.length - maxRetained;
      retained = retained.slice(dropped);
      log(`dropped ${dropped} click(s) after failed inserts: more than ${maxRetained} were waiting`);
    }
    if (!retryTimer) {
      retryTimer = setTimeout(retry, retryDelay);
      retryTimer.unref();
    }
  }

  async function retry(): Promise<void> {
    retryTimer = undefined;
    if (retained.length === 0) return;
    const rows = retained;
    retained = [];
    try {
      await insert(rows);
      retryDelay = firstRetryDelay;
      log(`stored ${rows.length} click(s) kept after failed inserts`);
    } catch (error) {
      retained = rows.concat(retained);
      retryDelay = Math.min(retryDelay * 2, maxRetryDelay);
      retain([], error);
    }
  }

  return {
    retain,
    async storeNow() {
      if (retained.length === 0) return;
      if (retryTimer) clearTimeout(retryTimer);
      await retry();
      if (retained.length > 0) throw new Error(`${retained.length} click(s) could not be stored`);
    },
    count: () => retained.length,
  };
}

/**
 * Stores what the spool holds, one replay at a time, another after a failure; starts at once when
 * the spool holds clicks and again each time the database comes back.
 */
export function replaySpoolWhenBack(
  spool: ClickSpool | undefined,
  health: Pick<DatabaseHealth, 'failed' | 'onBack'> | undefined,
  options: { insert: Insert; log: Log; maxRetryDelay: number },
): void {
  if (!spool) return;
  const { insert, log, maxRetryDelay } = options;
  let replaying: Promise<void> | undefined;
  function replay(): Promise<void> {
    replaying ??= spool!
      .replay((rows, mark) => insert(rows, mark))
      .then(
        (count) => {
          if (count > 0) log(`stored ${count} spooled click(s)`);
        },
        (error) => {
          if (!health?.failed(error)) log('replaying spooled clicks failed; trying again later', error);
          setTimeout(() => void replay(), maxRetryDelay / 4).unref();
        },
      )
      .finally(() => {
        replaying = undefined;
      });
    return replaying;
  }
  health?.onBack(() => void replay());
  if (spool.pending() > 0) void replay();
}
