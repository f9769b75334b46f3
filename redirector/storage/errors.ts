import { RuleError } from '../ruleError';

/** Thrown by a repository when a unique column already holds the value. */
export class UniqueViolation extends Error {
  constructor(readonly column: 'email' | 'short_code' | 'verified_domain' | 'handle' | 'slug') {
    super(`${column} is already taken`);
  }
}

/**
 * Thrown by a change of a link's tags worked out from the tags read before it (a bulk tag or untag)
 * when another change replaced them meanwhile; nothing was written, so the caller reads them again.
 */
export class TagsChangedMeanwhile extends Error {
  constructor() {
    super("the link's tags changed meanwhile");
  }
}

/** Thrown by an insert that would take an owner beyond their link limit; nothing was written. */
export class LinkLimitReached extends Error {
  constructor(readonly maxLinks: number) {
    super(`link limit of ${maxLinks} reached`);
  }
}

/** What a write that lost a race to a deletion answers (docs/api.md#answers). */
export const DELETED_MEANWHILE = 'Not found: the account or what this call refers to was deleted';

/**
 * Thrown by a write that refers to a row deleted meanwhile (a foreign key refused it: PostgreSQL's
 * 23503, SQLite's "FOREIGN KEY constraint failed"), as when an account is deleted while one of its
 * calls writes. Nothing was written. Either engine's executor turns its error into this one; it is
 * a RuleError 404, so the HTTP layer answers it like any other rule, with no stack trace logged.
 */
export class ReferenceGone extends RuleError {
  constructor() {
    super(404, DELETED_MEANWHILE);
    this.name = 'ReferenceGone';
  }
}

/** What a write answers when PostgreSQL broke a deadlock by ending it (docs/api.md#answers). */
export const WRITE_COLLIDED = 'This change met another one at the same moment: try again';

/**
 * Thrown by a write PostgreSQL ended to break a deadlock (40P01) with another transaction, such as
 * an account's deletion: nothing of it was kept. A RuleError 409, answered like ReferenceGone.
 */
export class WriteCollided extends RuleError {
  constructor() {
    super(409, WRITE_COLLIDED);
    this.name = 'WriteCollided';
  }
}
