/**
 * A rule the caller broke (bad input, not found, taken, too many attempts), thrown by the services
 * below http/. It carries the contract's status and a message meant for a person, and is marked
 * safe to expose the way Koa marks its own errors, so http/errors.ts answers it as `{error}`
 * without the services importing anything from http/.
 */
export type RuleStatus = 400 | 401 | 403 | 404 | 409 | 429;

export class RuleError extends Error {
  readonly expose = true;

  constructor(
    readonly status: RuleStatus,
    message: string,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

/** A 429 that says when to ask again: the answer's Retry-After (http/errors.ts). */
export class TryLater extends RuleError {
  constructor(
    readonly retryAfterMs: number,
    message: string,
  ) {
    super(429, message);
  }
}

export const invalidInput = (message: string) => new RuleError(400, message);
export const notFoundRule = (message: string) => new RuleError(404, message);
export const taken = (message: string) => new RuleError(409, message);
