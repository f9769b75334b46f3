/**
 * The process's one say on database outages (docs/api.md#when-the-database-is-unreachable). Each
 * store's health (storage/databaseHealth.ts) watches its database here, and every problem line
 * (logProblem) asks here first: an error of an outage being told is counted by that outage, not
 * written, so that however many requests, loops and connections an outage breaks, the log has one
 * line when it goes and one when it is back, with how many calls failed meanwhile.
 */

export interface OutageWatch {
  /** Whether the error says the database cannot be reached (a broken connection, a refused one…). */
  isOutageError(error: unknown): boolean;
  /**
   * Takes such an error: true when the database is down (or, asked now, turns out to be), the error
   * then counted as a failed call; false when the database answers (the error is someone else's).
   */
  claim(error: unknown): boolean | Promise<boolean>;
}

const watches = new Set<OutageWatch>();

/** Watches a database for the whole process; returns the function that stops watching it. */
export function watchOutages(watch: OutageWatch): () => void {
  watches.add(watch);
  return () => {
    watches.delete(watch);
  };
}

/**
 * Calls `write` unless `error` belongs to a database outage: then the outage counts it. An error
 * that looks like one while the database seemed up is written only once the database answers
 * (a refused connection to a mail server is not an outage).
 */
export function unlessOutage(error: unknown, write: () => void): void {
  const claims = [...watches].filter((watch) => watch.isOutageError(error)).map((watch) => watch.claim(error));
  if (claims.length === 0) {
    write();
    return;
  }
  if (claims.includes(true)) return;
  void Promise.all(claims).then(
    (results) => {
      if (!results.includes(true)) write();
    },
    () => write(),
  );
}
