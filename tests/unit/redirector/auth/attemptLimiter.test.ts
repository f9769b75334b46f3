import { describe, expect, it } from 'vitest';
import { type AttemptLimiter, createAttemptLimiter } from '../../../../redirector/auth/attemptLimiter';

const MINUTE = 60_000;

function setup(options: { maxKeys?: number; maxWaiting?: number } = {}) {
  let now = 1_000_000;
  const limiter = createAttemptLimiter({ clock: () => now, ...options });
  return {
    limiter,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** One attempt that fails (counted). */
async function fail(limiter: AttemptLimiter, key: string): Promise<void> {
  const reservation = await limiter.reserve(key);
  if (reservation.granted) reservation.settle(true);
}

/** Milliseconds until `key` may try again; 0 when it may now (the probe itself is not counted). */
async function retryAfter(limiter: AttemptLimiter, key: string): Promise<number> {
  const reservation = await limiter.reserve(key);
  if (!reservation.granted) return reservation.retryAfterMs;
  reservation.settle(false);
  return 0;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** `count` attempts for `key` at the same moment, each settled after a slow check as `counted` (a failure) or not. */
function attemptsAtOnce(limiter: ReturnType<typeof setup>['limiter'], key: string, count: number, counted: boolean) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const reservation = await limiter.reserve(key);
      if (!reservation.granted) return 'refused';
      await tick(); // the slow part: a password hash, a database lookup
      reservation.settle(counted);
      return 'tried';
    }),
  );
}

describe('attempt limiter', () => {
  it('lets 9 failures through and refuses after the 10th, for 15 minutes from the first', async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 9; i++) {
      await fail(limiter, '1.2.3.4');
      advance(MINUTE);
    }
    expect(await retryAfter(limiter, '1.2.3.4')).toBe(0);
    await fail(limiter, '1.2.3.4');
    // First failure at t=0, now t=9 min: refused for the 6 minutes left of its window.
    expect(await retryAfter(limiter, '1.2.3.4')).toBe(6 * MINUTE);
    expect(await retryAfter(limiter, '5.6.7.8')).toBe(0);
    advance(6 * MINUTE - 1);
    expect(await retryAfter(limiter, '1.2.3.4')).toBe(1);
    advance(1);
    // The first failure has left the window: 9 remain, one more try is allowed.
    expect(await retryAfter(limiter, '1.2.3.4')).toBe(0);
    await fail(limiter, '1.2.3.4');
    expect(await retryAfter(limiter, '1.2.3.4')).toBe(MINUTE);
  });

  it('forgets failures older than the window, and keys with nothing counted', async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 9; i++) await fail(limiter, 'a');
    advance(15 * MINUTE);
    await fail(limiter, 'a');
    expect(await retryAfter(limiter, 'a')).toBe(0);
    expect(await retryAfter(limiter, 'b')).toBe(0);
    expect(limiter.size()).toBe(1);
  });

  it('gives at most 10 places to 60 attempts sent at once; the rest are refused once those fail', async () => {
    const { limiter } = setup();
    const outcomes = await attemptsAtOnce(limiter, 'burst', 60, true);
    expect(outcomes.filter((outcome) => outcome === 'tried')).toHaveLength(10);
    expect(await retryAfter(limiter, 'burst')).toBe(15 * MINUTE);
  });

  it('never refuses right credentials for being parallel: they wait for the places in flight', async () => {
    const { limiter } = setup();
    const outcomes = await attemptsAtOnce(limiter, 'dashboard', 30, false);
    expect(outcomes).toEqual(Array(30).fill('tried'));
    expect(limiter.size()).toBe(0);
  });

  it('refuses at once beyond the waiting line, and ignores a second settle', async () => {
    const { limiter } = setup({ maxWaiting: 2 });
    const held = [];
    for (let i = 0; i < 10; i++) {
      const reservation = await limiter.reserve('k');
      if (reservation.granted) held.push(reservation);
    }
    const waiting = [limiter.reserve('k'), limiter.reserve('k')];
    expect(await limiter.reserve('k')).toEqual({ granted: false, retryAfterMs: 1000 });
    for (const reservation of held) {
      reservation.settle(false);
      reservation.settle(true);
    }
    const [first, second] = await Promise.all(waiting);
    expect(first?.granted && second?.granted).toBe(true);
    expect(await retryAfter(limiter, 'k')).toBe(0);
  });

  it('counts any limit and window (5 accounts an hour)', async () => {
    let now = 0;
    const limiter = createAttemptLimiter({ clock: () => now, max: 5, windowMs: 60 * MINUTE });
    for (let i = 0; i < 5; i++) await fail(limiter, 'r');
    expect(await retryAfter(limiter, 'r')).toBe(60 * MINUTE);
    now += 60 * MINUTE;
    expect(await retryAfter(limiter, 'r')).toBe(0);
  });

  it('stays bounded: expired keys go first, then keys not refused, least recently counted first', async () => {
    const { limiter, advance } = setup({ maxKeys: 4 });
    await fail(limiter, 'old');
    advance(16 * MINUTE);
    for (let i = 0; i < 10; i++) await fail(limiter, 'attacker');
    await fail(limiter, 'b');
    await fail(limiter, 'c');
    expect(limiter.size()).toBe(4);
    await fail(limiter, 'd'); // 4 + 1 > 4: 'old' (expired) goes first, down to 3, then 'd'.
    expect(limiter.size()).toBe(4);
    await fail(limiter, 'e'); // 'b' goes; the refused attacker stays.
    await fail(limiter, 'f'); // 'c' goes.
    expect(limiter.size()).toBe(4);
    expect(await retryAfter(limiter, 'attacker')).toBe(15 * MINUTE);
    for (let i = 0; i < 9; i++) await fail(limiter, 'f');
    expect(await retryAfter(limiter, 'f')).toBe(15 * MINUTE);
  });

  it('forgets refused keys too, least recent first, when nothing else is left to drop', async () => {
    const { limiter, advance } = setup({ maxKeys: 2 });
    for (const key of ['x', 'y']) {
      for (let i = 0; i < 10; i++) await fail(limiter, key);
      advance(MINUTE);
    }
    await fail(limiter, 'z'); // x, the refused key counted earliest, makes room.
    expect(limiter.size()).toBe(2);
    expect(await retryAfter(limiter, 'y')).toBe(14 * MINUTE);
    expect(await retryAfter(limiter, 'z')).toBe(0);
  });
});
