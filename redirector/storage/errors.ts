/** Thrown by a repository when a unique column already holds the value. */
export class UniqueViolation extends Error {
  constructor(readonly column: 'email' | 'short_code' | 'custom_domain') {
    super(`${column} is already taken`);
  }
}
