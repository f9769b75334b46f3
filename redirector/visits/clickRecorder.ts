/**
 * Durable clicks by group commit (docs/api.md#resolving-a-short-link: an answered redirect's click survives `kill -9`).
 *
 * The clicks of every request that arrives within one turn of the event loop are gathered and,
 * on the next `setImmediate`, inserted in ONE transaction; only then are those requests answered.
 * Durability costs one commit per batch instead of one per click (docs/design.md#click-durability).
 * `process.nextTick` or a microtask would run before the other requests of the turn are read and
 * make every batch a single click. While `maxInFlight` batches are being written, new clicks
 * gather into the next batch, which goes out as soon as one of them is stored: one batch at a time
 * for SQLite, several for PostgreSQL, where a batch waits for a round trip, not for this process.
 *
 * A failing insert never fails or holds a redirect. With a spool (PostgreSQL), the batch is
 * written to it and flushed to disk first, and replayed when the database answers again
 * (storage/clickSpool.ts); while the database is known to be down, batches go to the spool without
 * trying it. Without one (SQLite), the requests are answered, the error logged, and the clicks
 * kept in memory and retried with a growing delay (bounded, oldest dropped first).
 */
import crypto from 'node:crypto';
import { logProblem } from '../observability/logger';
import type { ClickSpool } from '../storage/clickSpool';
import type { DatabaseHealth } from '../storage/databaseHealth';
import type { NewClick } from '../storage/records';
import type { ClickMark, ClickRepository } from '../storage/store';
import { createRetainedClicks, replaySpoolWhenBack } from './clickRetries';

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
  /**
   * Clicks a batch must hold to go out while another is still being written (default 1: any
   * batch). Below it, the batch keeps gathering until a write ends. Each commit has a fixed cost
   * (a round trip, a statement, a WAL flush), so a store that pays it on a server sets this: small
   * batches then wait for a commit to end and grow, large ones still go out side by side
   * (docs/performance.md, "The redirect path on PostgreSQL").
   */
  joinInFlightAt?: number;
  /** Where batches the database could not take wait (docs/api.md#when-the-database-is-unreachable). */
  spool?: ClickSpool;
  /** Whether the database answers; with a spool, batches skip it while it does not. */
  health?: Pick<DatabaseHealth, 'isUp' | 'failed' | 'onBack'>;
}

/** The options with their defaults. */
function settingsOf(options: ClickRecorderOptions) {
  return {
    log: options.log ?? logProblem,
    onStored: options.onStored ?? (() => {}),
    firstRetryDelay: options.retryDelayMs ?? 1000,
    maxRetryDelay: options.maxRetryDelayMs ?? 60_000,
    maxRetained: options.maxRetained ?? 100_000,
    maxInFlight: Math.max(1, options.maxInFlight ?? 1),
    joinInFlightAt: Math.max(1, options.joinInFlightAt ?? 1),
  };
}

/** Answers the requests of a stored batch; one failing answer does not stop the others. */
function release(done: (() => void)[], log: (message: string, error?: unknown) => void): void {
  for (const answer of done) {
    try {
      answer();
    } catch (error) {
      log('answering a request failed', error);
    }
  }
}

interface SpoolingWriteOptions {
  spool: ClickSpool;
  health: ClickRecorderOptions['health'];
  insert: (rows: readonly NewClick[], mark?: ClickMark) => Promise<void>;
  retain: (rows: readonly NewClick[], error: unknown) => void;
  log: (message: string, error?: unknown) => void;
  maxInFlight: number;
}

/**
 * Writes a batch to the database, or to the spool when that fails or the database is known to be
 * down. Each place of a batch in flight has a mark (ClickMark) set by every batch written from it,
 * numbered by `sequence`; a place whose batch failed gets a new name, so that its old mark tells
 * for good whether that batch reached the database.
 */
function createSpoolingWrite(options: SpoolingWriteOptions): (rows: NewClick[], place: number) => Promise<void> {
  const { spool, health, insert, retain, log } = options;
  const places = Array.from({ length: options.maxInFlight }, () => crypto.randomUUID());
  let sequence = 0;

  /** Whether the batch went in; a failure other than the database being away is logged. */
  function insertedOrLogged(rows: NewClick[], sent: ClickMark['set']): Promise<boolean> {
    return insert(rows, { set: sent }).then(
      () => true,
      (error: unknown) => {
        if (!health?.failed(error)) log(`could not store ${rows.length} click(s); spooling them`, error);
        return false;
      },
    );
  }

  return async (rows, place) => {
    // A batch the database never saw has no mark to look at.
    let sent: ClickMark['set'] | null = null;
    if (health?.isUp() !== false) {
      sent = { name: places[place]!, value: ++sequence };
      if (await insertedOrLogged(rows, sent)) return;
      places[place] = crypto.randomUUID();
    }
    try {
      spool.append({ sent, clicks: rows });
    } catch (error) {
      retain(rows, error);
    }
  };
}

export function createClickRecorder(clicks: ClickRepository, options: ClickRecorderOptions = {}): ClickRecorder {
  const { log, onStored, firstRetryDelay, maxRetryDelay, maxRetained, maxInFlight, joinInFlightAt } =
    settingsOf(options);
  const { spool, health } = options;

  let batch: NewClick[] = [];
  let waiters: (() => void)[] = [];
  let scheduled = false;
  /** Batches being written; at most maxInFlight, and the next batch waits for a free place. */
  const writing = new Set<Promise<void>>();
  /** Places of batches in flight (see createSpoolingWrite). */
  const free = Array.from({ length: maxInFlight }, (_, index) => index);

  /** Set when a write ended: the waiting batch then goes out whatever its size. */
  let writeEnded = false;

  /** Whether the batch may go out now; when not, the next write to end reschedules. */
  function mayGo(): boolean {
    if (batch.length === 0 || writing.size >= maxInFlight) return false;
    return writing.size === 0 || writeEnded || batch.length >= joinInFlightAt;
  }

  function schedule(): void {
    if (scheduled || !mayGo()) return;
    scheduled = true;
    setImmediate(commit);
  }

  function commit(): void {
    scheduled = false;
    if (mayGo()) send();
    writeEnded = false;
  }

  function send(): void {
    const rows = batch;
    const done = waiters;
    batch = [];
    waiters = [];
    const place = free.pop()!;
    const written: Promise<void> = write(rows, place).then(() => {
      writing.delete(written);
      free.push(place);
      release(done, log);
      if (batch.length > 0) {
        writeEnded = true;
        schedule();
      }
    });
    writing.add(written);
  }

  async function insert(rows: readonly NewClick[], mark?: ClickMark): Promise<void> {
    const started = performance.now();
    await clicks.insertMany(rows, mark);
    onStored(rows.length, (performance.now() - started) / 1000);
  }
  const retained = createRetainedClicks({ insert, log, firstRetryDelay, maxRetryDelay, maxRetained });
  const retain = retained.retain;
  replaySpoolWhenBack(spool, health, { insert, log, maxRetryDelay });
  /** Inserts the rows; on failure spools them or keeps them for a retry. Never rejects. */
  const write = spool
    ? createSpoolingWrite({ spool, health, insert, retain, log, maxInFlight })
    : (rows: NewClick[]) => insert(rows).catch((error: unknown) => retain(rows, error));

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
        if (batch.length > 0 && writing.size < maxInFlight) send();
        else await Promise.race(writing);
      }
      await retained.storeNow();
    },
    pending() {
      return batch.length + retained.count() + (spool?.pending() ?? 0);
    },
  };
}
