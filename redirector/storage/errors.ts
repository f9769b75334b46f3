/** Thrown by a repository when a unique column already holds the value. */
export class UniqueViolation extends Error {
  constructor(readonly column: 'email' | 'short_code' | 'custom_domain' | 'handle') {
    super(`${column} is already taken`);
  }
}

/** Thrown by an insert that would take an owner beyond their link limit; nothing was written. */
export class LinkLimitReached extends Error {
  constructor(readonly maxLinks: number) {
    super(`link limit of ${maxLinks} reached`);
  }
}
