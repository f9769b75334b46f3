/** How the API shows a time (docs/api.md): a stored time in milliseconds since the epoch as ISO 8601 in UTC. */

/** The stored time as the API shows it; no time stays null. */
export function isoTimeOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** A stored time's name: every `…_at` field of a stored record is milliseconds since the epoch, or null. */
type TimeName = `${string}_at`;

/** The fields `names` of a record of type R as the API shows them. */
export type ApiFields<R, K extends keyof R> = {
  [N in K]: N extends TimeName
    ? R[N] extends number
      ? string
      : R[N] extends number | null
        ? string | null
        : never
    : R[N];
};

/**
 * The named fields of a stored record as an answer shows them, in the order named: each `…_at` time as
 * isoTimeOrNull shows it, the rest as they are. One rule for every record an answer lists field by field,
 * so no answer leaks a column it does not name.
 */
export function apiFields<R, K extends keyof R & string>(record: R, names: readonly K[]): ApiFields<R, K> {
  const shown: Record<string, unknown> = {};
  for (const name of names) {
    const value = record[name];
    shown[name] = name.endsWith('_at') ? isoTimeOrNull(value as number | null) : value;
  }
  return shown as ApiFields<R, K>;
}
