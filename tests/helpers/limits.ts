/** Checks on a limiter's refusal that hold on a busy machine. */
import { expect } from 'vitest';

/**
 * `Retry-After` counts down from the limiter's window from the first failure on: a few seconds may
 * pass on a loaded machine between that failure and the refused call, never more than 10.
 */
export function expectRetryAfter(answer: { headers: Headers }, windowSeconds: number): void {
  const seconds = Number(answer.headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(seconds).toBeGreaterThan(windowSeconds - 10);
}
