/**
 * Every credential check and every registration runs through here, so that each is counted by its
 * limiter before its slow part (docs/api.md#hardening-and-privacy).
 */
import { RuleError } from '../ruleError';
import type { AttemptLimiter } from './attemptLimiter';
import { clientKeyOf } from './clientKey';

/** A 429 that says how long to wait (the HTTP layer sends it as Retry-After). */
export class TooManyAttempts extends RuleError {
  constructor(
    readonly retryAfterMs: number,
    what: string,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    super(429, `${what} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts.';
export const TOO_MANY_ACCOUNTS = 'Too many accounts created from this address.';

/**
 * Runs `attempt` for the client at `address` once `limiter` grants it a place, and counts it when
 * `counted` says so; an attempt that throws is not counted. TooManyAttempts while refused.
 */
export async function limitedAttempt<T>(
  limiter: AttemptLimiter,
  address: string,
  refusal: string,
  attempt: () => Promise<T>,
  counted: (result: T) => boolean,
): Promise<T> {
  const reservation = await limiter.reserve(clientKeyOf(address));
  if (!reservation.granted) throw new TooManyAttempts(reservation.retryAfterMs, refusal);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    reservation.settle(false);
    throw error;
  }
  reservation.settle(counted(result));
  return result;
}

/**
 * The one function every credential check goes through (admin key, session tokens, sign-in, later
 * API keys): `verify` answers the caller's identity, or undefined for a wrong credential, which is
 * counted toward the client's limit. Right credentials are refused too while the client is.
 */
export function checkCredential<T>(
  limiter: AttemptLimiter,
  address: string,
  verify: () => Promise<T | undefined>,
): Promise<T | undefined> {
  return limitedAttempt(limiter, address, TOO_MANY_FAILURES, verify, (identity) => identity === undefined);
}
