/**
 * Durable clicks by group commit (docs/api.md#resolving-a-short-link: an answered redirect's click survives `kill -9`).
 *
 * The clicks of every request that arrives within one turn of the event loop are gathered and,
 * on the next `setImmediate`, inserted in ONE transaction; only then are those requests answered.
 * Durability costs one commit per batch instead of one per click (README, "Click durability").
 * `process.nextTick` or a microtask would run before the other requests of the turn are read and
 * make every batch a single click. While `maxInFlight` batches are being written, new clicks
 * gather into the next batch, which goes out as soon as one of them is stored: one batch at a time
 * for SQLite, several for PostgreSQL, where a batch waits for a round trip, not for this process.
 *
 * A failing insert never fails or holds a redirect: the requests are answered, the error logged,
 * and the clicks kept in memory and retried with a growing delay (bounded, oldest dropped first).
 */
import { logProblem } from '../observability/logger';
import type { NewClick } from '../storage/records';
import type { ClickRepository } from '../storage/store';

export interface ClickRecorder {
  /** Calls `done` once the click is stored, or kept for a retry after a failed insert. Never throws. */
  recordThen(click: NewClick, done: () => void): void;
  /** Resolves once the click is stored (or kept for a retry, as above). */
  record(click: NewClick): Promise<void>;
  /** Stores every click handed in so far; rejects when some could not be stored. */
  flush(): Promise<void>;
  /** Clicks waiting for their batch or for a retry. */
  pending(): number;
}

export interface ClickRecorderOptions {
  log?: (message: string, error?: unknown) => void;
  /** First retry delay after a failed insert; doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Clicks kept for a retry at most; beyond it the oldest are dropped (and logged). */
  maxRetained?: number;
  /** After each committed batch (the metrics): its size and the commit's duration. */
  onStored?: (count: number, seconds: number) => void;
  /**
   * Batches written at once (default 1). A store whose insert is a round trip to a server
   * (PostgreSQL) gains from more: the next batch goes out while one is still committing, instead
   * of every click of it waiting for that commit first. See the store's `concurrentInserts`.
   */
  maxInFlight?: number;
}

export function createClickRecorder(clicks: ClickRepository, options: ClickRecorderOptions = {}): ClickRecorder {
  const log = options.log ?? logProblem;
  const onStored = options.onStored ?? (() => {});
  const firstRetryDelay = options.retryDelayMs ?? 1000;
  const maxRetryDelay = options.maxRetryDelayMs ?? 60_000;
  const maxRetained = options.maxRetained ?? 100_000;

  const maxInFlight = Math.max(1, options.maxInFlight ?? 1);

  let batch: NewClick[] = [];
  let waiters: (() => void)[] = [];
  let scheduled = false;
  /** Batches being written; at most maxInFlight, and the next batch waits for a free place. */
  const writing = new Set<Promise<void>>();
  let retained: NewClick[] = [];
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = firstRetryDelay;

  function schedule(): void {
    if (scheduled || writing.size >= maxInFlight) return;
    scheduled = true;
    setImmediate(commit);
  }

  function commit(): void {
    scheduled = false;
    // With every place taken, the first write to end reschedules.
    if (writing.size >= maxInFlight || batch.length === 0) return;
    const rows = batch;
    const done = waiters;
    batch = [];
    waiters = [];
    const written: Promise<void> = write(rows).then(() => {
      writing.delete(written);
      release(done);
      if (batch.length > 0) schedule();
    });
    writing.add(written);
  }

  async function insert(rows: NewClick[]): Promise<void> {
    const started = performance.now();
    await clicks.insertMany(rows);
    onStored(rows.length, (performance.now() - started) / 1000);
  }

  /** Inserts the rows; on failure keeps them for a retry. Never rejects. */
  async function write(rows: NewClick[]): Promise<void> {
    try {
      await insert(rows);
    } catch (error) {
      retain(rows, error);
    }
  }

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

  function release(done: (() => void)[]): void {
    for (const answer of done) {
      try {
        answer();
      } catch (error) {
        log('answering a request failed', error);
      }
    }
  }

  function recordThen(click: NewClick, done: () => void): void {
    batch.push(click);
    waiters.push(done);
    schedule();
  }

  return {
    recordThen,
    record: (click) => new Promise((resolve) => recordThen(click, resolve)),
    async flush() {
      while (writing.size > 0 || batch.length > 0) {
        if (batch.length > 0 && writing.size < maxInFlight) commit();
        else await Promise.race(writing);
      }
      if (retained.length > 0) {
        if (retryTimer) clearTimeout(retryTimer);
        await retry();
        if (retained.length > 0) throw new Error(`${retained.length} click(s) could not be stored`);
      }
    },
    pending() {
      return batch.length + retained.length;
    },
  };
}
