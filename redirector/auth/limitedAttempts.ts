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
    void reservation.settle(false);
    throw error;
  }
  // Answered once settled: the next call, on any instance, finds this outcome in the limit.
  await reservation.settle(counted(result));
  return result;
}

/**
 * The one function every quick credential check goes through (the admin key, session tokens, API
 * keys): `verify` answers the caller's identity, or undefined for a wrong credential. A client the
 * limiter refuses is refused before `verify`, right credentials included. A right credential
 * takes no place: it costs one look at the limit, never a write (on PostgreSQL a dashboard's calls
 * would otherwise queue on their address's row, two commits each). A wrong one then takes a place
 * to be counted, so of many sent at once at most the limit's maximum are answered; the rest wait
 * for those outcomes and are refused. A wrong one is answered once its failure is stored, so a
 * right one that comes next, on any instance, finds the address refused when it should be.
 */
export async function checkCredential<T>(
  limiter: AttemptLimiter,
  address: string,
  verify: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const key = clientKeyOf(address);
  const refusedFor = await limiter.refusedFor(key);
  if (refusedFor > 0) throw new TooManyAttempts(refusedFor, TOO_MANY_FAILURES);
  const identity = await verify();
  if (identity !== undefined) return identity;
  const reservation = await limiter.reserve(key);
  if (!reservation.granted) throw new TooManyAttempts(reservation.retryAfterMs, TOO_MANY_FAILURES);
  // Answered once counted: the next call, on any instance, finds this failure in the limit.
  await reservation.settle(true);
  return undefined;
}

/**
 * A password sign-in: its check is slow (a scrypt hash), so the place is taken first and attempts
 * sent at once never run more hashes than the limit has places; a wrong password is counted.
 */
export function checkPassword<T>(
  limiter: AttemptLimiter,
  address: string,
  verify: () => Promise<T | undefined>,
): Promise<T | undefined> {
  return limitedAttempt(limiter, address, TOO_MANY_FAILURES, verify, (identity) => identity === undefined);
}
