/**
 * The current password a signed-in user gives to change their email or password or to delete the
 * account (docs/api.md#the-account-of-the-signed-in-user): a wrong one counts toward the credential
 * limiter of the caller's address, like a wrong sign-in, and toward a limit of the account itself,
 * so that a stolen session cannot guess the password from many addresses. Either refused → 429,
 * the right password included.
 */
import type { AttemptLimiter, Reservation } from './attemptLimiter';
import { clientKeyOf } from './clientKey';
import { TOO_MANY_FAILURES, TooManyAttempts } from './limitedAttempts';

export interface CurrentPasswordLimits {
  /** §11's credential limiter, per client address. */
  addresses: AttemptLimiter;
  /** Wrong current passwords per account, keyed by user id (the same 10 in 15 minutes). */
  accounts: AttemptLimiter;
}

/**
 * Runs `verify` once both limits grant a place (the address's first, then the account's: one order,
 * so attempts waiting on each other never wait in a circle) and counts it in both when it answers
 * false; answers what `verify` answered. TooManyAttempts while either is refused.
 */
export async function checkCurrentPassword(
  limits: CurrentPasswordLimits,
  address: string,
  userId: number,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const byAddress = await limits.addresses.reserve(clientKeyOf(address));
  if (!byAddress.granted) throw new TooManyAttempts(byAddress.retryAfterMs, TOO_MANY_FAILURES);
  let byAccount: Reservation;
  try {
    byAccount = await limits.accounts.reserve(`user:${userId}`);
  } catch (error) {
    await byAddress.settle(false);
    throw error;
  }
  if (!byAccount.granted) {
    await byAddress.settle(false);
    throw new TooManyAttempts(byAccount.retryAfterMs, TOO_MANY_FAILURES);
  }
  let right: boolean;
  try {
    right = await verify();
  } catch (error) {
    await Promise.all([byAddress.settle(false), byAccount.settle(false)]);
    throw error;
  }
  // Answered once stored: the next attempt, on any instance, finds this one in both limits.
  await Promise.all([byAddress.settle(!right), byAccount.settle(!right)]);
  return right;
}
