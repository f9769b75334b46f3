/**
 * Failed sign-in attempts per client address (CONTRACT §3): after `maxFailures` failures within
 * `windowMs`, the address is refused (right credentials included) until the oldest of those
 * failures leaves the window. A success does not clear the count, so an attacker cannot reset it
 * by signing in to an account of their own between guesses.
 *
 * In memory and bounded: at most `maxAddresses` addresses are tracked. Past that, expired entries
 * are swept, then addresses that are not blocked, and only then blocked ones (least recent first),
 * so that a flood of new addresses is the last thing to free a blocked one.
 */
export interface AttemptLimiter {
  /** Milliseconds until this address may try again; 0 when it may now. */
  retryAfterMs(address: string): number;
  recordFailure(address: string): void;
  /** Addresses currently tracked (for tests and monitoring). */
  size(): number;
}

export interface AttemptLimiterOptions {
  clock: () => number;
  maxFailures?: number;
  windowMs?: number;
  maxAddresses?: number;
}

export const MAX_FAILED_ATTEMPTS = 10;
export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

export function createAttemptLimiter(options: AttemptLimiterOptions): AttemptLimiter {
  const { clock, maxFailures = MAX_FAILED_ATTEMPTS, windowMs = ATTEMPT_WINDOW_MS, maxAddresses = 10_000 } = options;
  // Failure times per address, oldest first, at most maxFailures of them. Map order = least recent failure first.
  const failures = new Map<string, number[]>();

  function live(address: string, now: number): number[] {
    const times = failures.get(address);
    if (!times) return [];
    const kept = times.filter((time) => time > now - windowMs);
    if (kept.length === 0) failures.delete(address);
    else if (kept.length !== times.length) failures.set(address, kept);
    return kept;
  }

  /** Over capacity: drop expired addresses, then unblocked ones, then blocked ones, least recent first. */
  function shrink(now: number): void {
    // Down to 90%, so that a full map is swept once per many new addresses rather than on each.
    const target = Math.floor(maxAddresses * 0.9);
    for (const [address, times] of failures) {
      if ((times[times.length - 1] ?? 0) <= now - windowMs) failures.delete(address);
    }
    for (const [address, times] of failures) {
      if (failures.size <= target) return;
      if (times.length < maxFailures) failures.delete(address);
    }
    for (const address of failures.keys()) {
      if (failures.size <= target) return;
      failures.delete(address);
    }
  }

  return {
    retryAfterMs(address) {
      const now = clock();
      const times = live(address, now);
      if (times.length < maxFailures) return 0;
      return (times[times.length - maxFailures] ?? now) + windowMs - now;
    },
    recordFailure(address) {
      const now = clock();
      const times = [...live(address, now), now].slice(-maxFailures);
      failures.delete(address);
      failures.set(address, times);
      if (failures.size > maxAddresses) shrink(now);
    },
    size() {
      return failures.size;
    },
  };
}
