/**
 * The small SQL interface both engines implement, so that the CRUD repositories (repositories/)
 * are written once. SQL is written with `?` placeholders (PostgreSQL gets `$1, $2, ...`) and
 * `RETURNING`, which both engines have. Booleans and JSON go in as JS values; rows come back with
 * the columns named in a RowShape decoded, and a unique violation on a known column comes back as
 * UniqueViolation(column), a foreign-key violation as ReferenceGone, on either engine.
 */
import { UniqueViolation } from './errors';

/** A value a statement takes: objects and arrays are stored as JSON text. */
export type SqlParam = string | number | boolean | null | object;

/** Columns a row carries as something else than what the engine hands back. */
export interface RowShape {
  /** SQLite stores these as 0/1. */
  readonly booleans?: readonly string[];
  /** Stored as JSON text in SQLite and as jsonb in PostgreSQL. */
  readonly json?: readonly string[];
}

export interface Executor {
  readonly engine: 'sqlite' | 'postgres';
  all<T>(sql: string, params?: readonly SqlParam[], shape?: RowShape): Promise<T[]>;
  get<T>(sql: string, params?: readonly SqlParam[], shape?: RowShape): Promise<T | undefined>;
  /** Returns how many rows the statement changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /**
   * The rows as arrays of the selected columns, in order, undecoded: on SQLite about half the CPU
   * of row objects, for a hot read of many rows (the events' clicks, docs/performance.md#events).
   * SQLite only; undefined on PostgreSQL.
   */
  readonly arrays?: (sql: string, params?: readonly SqlParam[]) => Promise<unknown[][]>;
  /**
   * Runs `work` in one transaction: all of its writes are kept, or none when it throws. `work` uses
   * `tx` only: on SQLite every other statement waits until the transaction ends (connectionTurns.ts).
   */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * Runs `work`'s reads against one consistent view of the database: a read-only snapshot on
   * PostgreSQL, where other instances write meanwhile; on SQLite the one connection already is.
   */
  snapshot<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
}

type UniqueColumn = UniqueViolation['column'];
const UNIQUE_COLUMNS: ReadonlySet<string> = new Set<UniqueColumn>([
  'email',
  'short_code',
  'verified_domain',
  'handle',
  'slug',
]);

/** The UniqueViolation for a unique column the services know, else the error itself. */
export function mapUniqueViolation(error: unknown, column: string | undefined): unknown {
  return column !== undefined && UNIQUE_COLUMNS.has(column) ? new UniqueViolation(column as UniqueColumn) : error;
}

/** Objects and arrays as JSON text; bytes (a BLOB or bytea) and everything else as they are. */
export function encodeParam(value: SqlParam): Exclude<SqlParam, object> | Buffer {
  if (Buffer.isBuffer(value)) return value;
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Column names as a select list, each prefixed with `alias.` when given. */
export function columnList(names: readonly string[], alias?: string): string {
  return names.map((name) => (alias ? `${alias}.${name}` : name)).join(', ');
}

/**
 * Work a write runs inside its own transaction, with that transaction's handle, once the write is
 * done and before it commits: an audit entry (audit/auditLog.ts), kept exactly when the change is.
 */
export type AfterWrite<R> = (tx: Executor, result: R) => Promise<void>;
