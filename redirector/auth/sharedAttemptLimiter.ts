/**
 * The AttemptLimiter of attemptLimiter.ts with its counts kept in the database (PostgreSQL), so that
 * every instance behind a load balancer counts toward one limit per client key
 * (docs/api.md#hardening-and-privacy). Same rules: a place is reserved before the slow part and
 * settled after it; while every place left is reserved, an attempt waits for those outcomes (on
 * any instance) instead of being let through or refused on a guess.
 *
 * The store does each step atomically; this side only waits. A settle on this process wakes its
 * own waiters at once; outcomes on other instances are polled for, with a growing delay.
 */

import { logProblem } from '../observability/logger';
import type { AttemptStore } from '../storage/store';
import {
  ATTEMPT_WINDOW_MS,
  type AttemptLimiter,
  type AttemptLimiterOptions,
  busyRetryMs,
  grantedOnce,
  MAX_FAILED_ATTEMPTS,
  type Reservation,
} from './attemptLimiter';

export interface SharedAttemptLimiterOptions extends Omit<AttemptLimiterOptions, 'maxKeys'> {
  /** The store's limits (storage/store.ts), each step atomic across instances. */
  attempts: AttemptStore;
  /** Which limit this is ('credentials', 'registrations'...): each counts apart. */
  scope: string;
  /** A reservation an instance never settled (it was killed) frees its place after this long. */
  holdMs?: number;
  log?: (message: string, error: unknown) => void;
}

const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

export function createSharedAttemptLimiter(options: SharedAttemptLimiterOptions): AttemptLimiter {
  const { attempts, scope, clock, max = MAX_FAILED_ATTEMPTS, windowMs = ATTEMPT_WINDOW_MS } = options;
  const holdMs = options.holdMs ?? 30_000;
  const maxWaiting = options.maxWaiting ?? 1_000;
  const log = options.log ?? logProblem;
  /** Keys with attempts of this process in flight or waiting, and the waiters to wake on a settle. */
  const local = new Map<string, { inFlight: number; waiting: Set<() => void> }>();

  function localOf(key: string) {
    let entry = local.get(key);
    if (!entry) {
      entry = { inFlight: 0, waiting: new Set() };
      local.set(key, entry);
    }
    return entry;
  }

  function release(key: string): void {
    const entry = local.get(key);
    if (!entry) return;
    if (entry.inFlight === 0 && entry.waiting.size === 0) local.delete(key);
  }

  function granted(key: string, reservation: number): Reservation {
    const entry = localOf(key);
    entry.inFlight += 1;
    return grantedOnce((counted) =>
      attempts
        .settle(reservation, counted, { now: clock(), max })
        .catch((error) => log('settling an attempt in the database failed (its place frees itself later)', error))
        .finally(() => {
          entry.inFlight -= 1;
          for (const wake of entry.waiting) wake();
          release(key);
        }),
    );
  }

  async function reserve(key: string): Promise<Reservation> {
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      const answer = await attempts.reserve(scope, key, { now: clock(), max, windowMs, holdMs });
      if ('busy' in answer) {
        const entry = localOf(key);
        if (entry.waiting.size >= maxWaiting)
          return { granted: false, retryAfterMs: busyRetryMs(maxWaiting, windowMs) };
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            entry.waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, pollMs);
          entry.waiting.add(wake);
        });
        release(key);
        pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
        continue;
      }
      // Counted by another attempt after this one read the clock: never more than the window.
      if (!answer.granted) return { granted: false, retryAfterMs: Math.min(answer.retryAfterMs, windowMs) };
      return granted(key, answer.reservation);
    }
  }

  return {
    reserve,
    refusedFor: (key) => attempts.refusedFor(scope, key, { now: clock(), max, windowMs }),
    // The keys live in the database; this process tracks those it has attempts in flight for.
    size: () => local.size,
  };
}
