/** What a call answers while the database is unreachable (docs/api.md#when-the-database-is-unreachable). */

/** The answer to every call that needs the database while it is unreachable. */
export const DATABASE_UNREACHABLE_MESSAGE = 'The database is unreachable; try again shortly';
/** Seconds a client is told to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer when every pooled connection stayed busy for the connection wait: the database answers,
 * this instance has more work than connections (docs/api.md#when-the-database-is-busy).
 */
export const DATABASE_BUSY_MESSAGE = 'The database is busy; try again shortly';
/** Seconds a client is told to wait when the database is busy. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

/** A read replica as /healthz reports it (docs/api.md#read-replicas). */
export interface ReplicaHealth {
  /** host:port, never the password. */
  name: string;
  state: 'ok' | 'lagging' | 'down';
  /** Seconds of replay behind the primary; null while it is down. */
  lag_s: number | null;
}

/** How far PostgreSQL's move of the clicks into monthly partitions is, while it runs (docs/api.md#monthly-click-partitions). */
export interface ClickMoveHealth {
  /** Clicks copied so far. */
  moved: number;
  /** Clicks the old table held when the move began (PostgreSQL's estimate, at least `moved`). */
  estimated: number;
}
