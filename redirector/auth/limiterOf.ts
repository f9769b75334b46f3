/**
 * The attempt limiters of one kind (docs/api.md#the-credential-limiter), made once by the services.
 */
import type { Store } from '../storage/store';
import { type AttemptLimiter, type AttemptLimiterOptions, createAttemptLimiter } from './attemptLimiter';
import { createSharedAttemptLimiter } from './sharedAttemptLimiter';

/**
 * Shared through the database where instances share one (PostgreSQL); else per process. Keys are
 * hashed when `hashKey` is given (ANONYMIZE_IPS: no address kept, in the database or in memory),
 * each full address to its own hash, so that neighbours are never counted together.
 */
export function limiterOf(
  store: Store,
  scope: string,
  options: AttemptLimiterOptions,
  hashKey?: (key: string) => string,
): AttemptLimiter {
  const limiter = store.attempts
    ? createSharedAttemptLimiter({ ...options, attempts: store.attempts, scope })
    : createAttemptLimiter(options);
  if (!hashKey) return limiter;
  return {
    ...limiter,
    reserve: (key) => limiter.reserve(hashKey(key)),
    refusedFor: (key) => limiter.refusedFor(hashKey(key)),
  };
}
