import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../../../../redirector/auth/attemptLimiter';

const MINUTE = 60_000;

function setup(options: { maxAddresses?: number } = {}) {
  let now = 1_000_000;
  const limiter = createAttemptLimiter({ clock: () => now, ...options });
  return {
    limiter,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('attempt limiter', () => {
  it('lets 9 failures through and refuses after the 10th, for 15 minutes from the first', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 9; i++) {
      limiter.recordFailure('1.2.3.4');
      advance(MINUTE);
    }
    expect(limiter.retryAfterMs('1.2.3.4')).toBe(0);
    limiter.recordFailure('1.2.3.4');
    // First failure at t=0, now t=9 min: blocked for the 6 minutes left of its window.
    expect(limiter.retryAfterMs('1.2.3.4')).toBe(6 * MINUTE);
    expect(limiter.retryAfterMs('5.6.7.8')).toBe(0);
    advance(6 * MINUTE - 1);
    expect(limiter.retryAfterMs('1.2.3.4')).toBe(1);
    advance(1);
    // The first failure has left the window: 9 remain, one more try is allowed.
    expect(limiter.retryAfterMs('1.2.3.4')).toBe(0);
    limiter.recordFailure('1.2.3.4');
    expect(limiter.retryAfterMs('1.2.3.4')).toBe(MINUTE);
  });

  it('forgets failures older than the window', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 9; i++) limiter.recordFailure('a');
    advance(15 * MINUTE);
    limiter.recordFailure('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
    expect(limiter.size()).toBe(1);
  });

  it('stays bounded: expired addresses go first, then unblocked ones, least recently failing first', () => {
    const { limiter, advance } = setup({ maxAddresses: 4 });
    limiter.recordFailure('old');
    advance(16 * MINUTE);
    for (let i = 0; i < 10; i++) limiter.recordFailure('attacker');
    limiter.recordFailure('b');
    limiter.recordFailure('c');
    expect(limiter.size()).toBe(4);
    limiter.recordFailure('d'); // 5 > 4: 'old' (expired) and 'b' go, down to 3.
    expect(limiter.size()).toBe(3);
    limiter.recordFailure('e');
    limiter.recordFailure('f'); // 5 > 4: 'c' and 'd' go; the blocked attacker stays.
    expect(limiter.size()).toBe(3);
    expect(limiter.retryAfterMs('attacker')).toBe(15 * MINUTE);
    for (let i = 0; i < 9; i++) limiter.recordFailure('f');
    expect(limiter.retryAfterMs('f')).toBe(15 * MINUTE);
  });

  it('forgets blocked addresses too, least recent first, when nothing else is left to drop', () => {
    const { limiter, advance } = setup({ maxAddresses: 2 });
    for (const address of ['x', 'y']) {
      for (let i = 0; i < 10; i++) limiter.recordFailure(address);
      advance(MINUTE);
    }
    // z's first failure makes 3 > 2: z itself (not blocked) goes first, then x, the blocked one that failed earliest.
    limiter.recordFailure('z');
    expect(limiter.size()).toBe(1);
    expect(limiter.retryAfterMs('x')).toBe(0);
    expect(limiter.retryAfterMs('y')).toBe(14 * MINUTE);
  });
});
