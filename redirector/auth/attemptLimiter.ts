/**
 * Counted events per client key within a sliding window (docs/api.md#hardening-and-privacy): wrong
 * credentials (10 in 15 minutes) and created accounts (5 an hour). Once `max` events are inside the
 * window, the key is refused until the oldest of them leaves it.
 *
 * Check and count are one step: an attempt reserves a place before its slow part (a password hash,
 * a database lookup) and settles it afterwards, counted or not. While the places left are all
 * reserved, further attempts wait for those outcomes instead of being let through or refused on a
 * guess, so N attempts sent at once get at most `max` answers other than a refusal, and parallel
 * right credentials (a dashboard's calls) are never refused for being parallel.
 *
 * Per process and behind this small interface, so that a store-backed one can replace it where
 * several instances share a database. In memory it is bounded: at most `maxKeys` keys are tracked;
 * past that, expired keys are swept, then keys that are not refused, and only then refused ones
 * (least recent first), so that a flood of new addresses is the last thing to free a refused one.
 * Keys with attempts in flight are never swept.
 */
export interface AttemptLimiter {
  /** A place for one attempt from `key`, or a refusal; may wait while other attempts are in flight. */
  reserve(key: string): Promise<Reservation>;
  /** How long `key` is still refused, in ms; 0 when it is not. Looks only: reserves nothing. */
  refusedFor(key: string): Promise<number>;
  /** Keys currently tracked (for tests and monitoring). */
  size(): number;
}

/**
 * A granted place's `settle` takes effect at once in memory; where the limit lives in a database,
 * the promise it returns resolves once the outcome is stored (never rejects: a failure is logged).
 */
export type Reservation =
  | { granted: true; settle(counted: boolean): Promise<void> }
  | { granted: false; retryAfterMs: number };

export interface AttemptLimiterOptions {
  clock: () => number;
  max?: number;
  windowMs?: number;
  maxKeys?: number;
  /** Attempts that may wait per key; beyond, they are refused at once. */
  maxWaiting?: number;
}

/** A granted place whose settle takes effect once, however often it is called. */
export function grantedOnce(settle: (counted: boolean) => Promise<void> | void): Reservation {
  let settled: Promise<void> | undefined;
  return {
    granted: true,
    settle(counted) {
      settled ??= Promise.resolve(settle(counted));
      return settled;
    },
  };
}

export const MAX_FAILED_ATTEMPTS = 10;
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/** How long an attempt refused for a full waiting line should wait (it says nothing about the window). */
const BUSY_RETRY_MS = 1000;

/**
 * The wait told to an attempt refused while every place is taken by attempts under way. A limit
 * that lets none wait (maxWaiting 0: a webhook's test) says its window, which an attempt under way
 * will most likely fill, on both stores alike; a full waiting line, BUSY_RETRY_MS.
 */
export const busyRetryMs = (maxWaiting: number, windowMs: number) => (maxWaiting === 0 ? windowMs : BUSY_RETRY_MS);

interface Entry {
  /** Event times, oldest first, at most `max`. */
  times: number[];
  pending: number;
  waiting: (() => void)[];
}

export function createAttemptLimiter(options: AttemptLimiterOptions): AttemptLimiter {
  const {
    clock,
    max = MAX_FAILED_ATTEMPTS,
    windowMs = ATTEMPT_WINDOW_MS,
    maxKeys = 10_000,
    maxWaiting = 1_000,
  } = options;
  // Map order = least recent event first.
  const entries = new Map<string, Entry>();

  const busy = (entry: Entry) => entry.pending > 0 || entry.waiting.length > 0;

  function entryOf(key: string, now: number): Entry {
    let entry = entries.get(key);
    if (!entry) {
      // Before inserting: a sweep must not drop the entry this attempt is about to hold.
      if (entries.size >= maxKeys) shrink(now);
      entry = { times: [], pending: 0, waiting: [] };
      entries.set(key, entry);
    }
    entry.times = entry.times.filter((time) => time > now - windowMs);
    return entry;
  }

  /** Over capacity: drop expired keys, then keys not refused, then refused ones, least recent first. */
  function shrink(now: number): void {
    // Down to 90%, so that a full map is swept once per many new keys rather than on each.
    const target = Math.min(maxKeys - 1, Math.floor(maxKeys * 0.9));
    const sweep = (drop: (entry: Entry) => boolean) => {
      for (const [key, entry] of entries) {
        if (entries.size <= target) return;
        if (!busy(entry) && drop(entry)) entries.delete(key);
      }
    };
    sweep((entry) => (entry.times[entry.times.length - 1] ?? 0) <= now - windowMs);
    sweep((entry) => entry.times.length < max);
    sweep(() => true);
  }

  function settle(key: string, entry: Entry, counted: boolean): void {
    entry.pending -= 1;
    if (counted) {
      entry.times = [...entry.times, clock()].slice(-max);
      // Re-inserted: the map stays in order of the latest event.
      entries.delete(key);
      entries.set(key, entry);
    } else if (entry.times.length === 0 && !busy(entry)) {
      entries.delete(key);
    }
    const woken = entry.waiting.splice(0);
    for (const wake of woken) wake();
  }

  async function reserve(key: string): Promise<Reservation> {
    for (;;) {
      const now = clock();
      const entry = entryOf(key, now);
      if (entry.times.length >= max) {
        return { granted: false, retryAfterMs: (entry.times[entry.times.length - max] ?? now) + windowMs - now };
      }
      if (entry.times.length + entry.pending < max) {
        entry.pending += 1;
        return grantedOnce((counted) => settle(key, entry, counted));
      }
      if (entry.waiting.length >= maxWaiting)
        return { granted: false, retryAfterMs: busyRetryMs(maxWaiting, windowMs) };
      await new Promise<void>((resolve) => entry.waiting.push(resolve));
    }
  }

  function refusedFor(key: string): Promise<number> {
    const now = clock();
    const times = (entries.get(key)?.times ?? []).filter((time) => time > now - windowMs);
    if (times.length < max) return Promise.resolve(0);
    return Promise.resolve((times[times.length - max] ?? now) + windowMs - now);
  }

  return {
    reserve,
    refusedFor,
    size() {
      return entries.size;
    },
  };
}
