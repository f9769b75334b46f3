/** The Executor on the one better-sqlite3 connection: every statement prepared once and kept. */
import type Database from 'better-sqlite3';
import { ReferenceGone } from '../errors';
import { type Executor, encodeParam, mapUniqueViolation, type RowShape, type SqlParam } from '../executor';
import { connectionTurns } from './connectionTurns';
import type { SqliteDatabase } from './database';

type Row = Record<string, unknown>;

const NESTED = 'SQLite transactions do not nest here';

const UNIQUE_FAILED = /^UNIQUE constraint failed: \w+\.(\w+)$/;
/** An index over an expression is named `<table>_<column>_key`, as PostgreSQL's constraints are. */
const UNIQUE_INDEX_FAILED = /^UNIQUE constraint failed: index '[a-z]+_(\w+)_key'$/;

function mapError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return new ReferenceGone();
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE') return error;
  const { message } = error as Error;
  return mapUniqueViolation(error, (UNIQUE_FAILED.exec(message) ?? UNIQUE_INDEX_FAILED.exec(message))?.[1]);
}

const needsEncoding = (value: SqlParam) => typeof value === 'boolean' || (value !== null && typeof value === 'object');

/** Booleans as 0/1 and objects as JSON; a lookup by text or number (the redirect path's) as it is. */
function bind(params: readonly SqlParam[]): readonly unknown[] {
  if (!params.some(needsEncoding)) return params;
  return params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : encodeParam(value)));
}

/** Turns SQLite's 0/1 and JSON text back into booleans and values, in place (the row is fresh). */
export function decodeSqliteRow<T>(row: Row, shape: RowShape | undefined): T {
  const booleans = shape?.booleans;
  if (booleans !== undefined) {
    for (let i = 0; i < booleans.length; i++) {
      const column = booleans[i]!;
      if (column in row) row[column] = row[column] === 1;
    }
  }
  const json = shape?.json;
  if (json !== undefined) {
    for (let i = 0; i < json.length; i++) {
      const column = json[i]!;
      if (typeof row[column] === 'string') row[column] = JSON.parse(row[column]);
    }
  }
  return row as T;
}

export function createSqliteExecutor(db: SqliteDatabase): Executor {
  // Keyed by the SQL text: repositories build a bounded set of strings (the link update's at most
  // one per set of changed columns), and the redirect path's lookup then costs one Map hit.
  const statements = new Map<string, Database.Statement>();
  function prepare(sql: string): Database.Statement {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  function allNow<T>(sql: string, params: readonly SqlParam[], shape: RowShape | undefined): T[] {
    let rows: Row[];
    try {
      rows = prepare(sql).all(...bind(params)) as Row[];
    } catch (error) {
      throw mapError(error);
    }
    return shape === undefined ? (rows as T[]) : rows.map((row) => decodeSqliteRow<T>(row, shape));
  }
  const arrayStatements = new Map<string, Database.Statement>();
  function arraysNow(sql: string, params: readonly SqlParam[]): unknown[][] {
    let statement = arrayStatements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql).raw(true);
      arrayStatements.set(sql, statement);
    }
    try {
      return statement.all(...bind(params)) as unknown[][];
    } catch (error) {
      throw mapError(error);
    }
  }
  function getNow<T>(sql: string, params: readonly SqlParam[], shape: RowShape | undefined): T | undefined {
    let row: Row | undefined;
    try {
      row = prepare(sql).get(...bind(params)) as Row | undefined;
    } catch (error) {
      throw mapError(error);
    }
    return row === undefined ? undefined : decodeSqliteRow<T>(row, shape);
  }
  function runNow(sql: string, params: readonly SqlParam[]): number {
    try {
      return prepare(sql).run(...bind(params)).changes;
    } catch (error) {
      throw mapError(error);
    }
  }

  // Only the task that holds the connection gets this one: its statements run at once.
  const inside: Executor = {
    engine: 'sqlite',
    all: async (sql, params = [], shape) => allNow(sql, params, shape),
    get: async (sql, params = [], shape) => getNow(sql, params, shape),
    run: async (sql, params = []) => runNow(sql, params),
    arrays: async (sql, params = []) => arraysNow(sql, params),
    transaction: async () => {
      throw new Error(NESTED);
    },
    snapshot: (work) => work(inside),
  };

  const turns = connectionTurns(db);
  // Everyone else's statements wait while a transaction holds the connection (connectionTurns.ts).
  // A transaction's `work` must use `tx`, never this executor: that would wait for itself.
  const executor: Executor = {
    engine: 'sqlite',
    all: async (sql, params = [], shape) => turns.whenFree(() => allNow(sql, params, shape)),
    // The redirect path's link lookup on a cache miss, and every API call's session check.
    get: async (sql, params = [], shape) => turns.whenFree(() => getNow(sql, params, shape)),
    run: async (sql, params = []) => turns.whenFree(() => runNow(sql, params)),
    arrays: async (sql, params = []) => turns.whenFree(() => arraysNow(sql, params)),
    transaction: (work) =>
      turns.exclusive(async () => {
        if (db.inTransaction) throw new Error(NESTED);
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(inside);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    snapshot: (work) => work(executor),
  };
  return executor;
}
