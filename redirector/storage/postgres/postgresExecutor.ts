/** The Executor on the PostgreSQL pool: `?` placeholders become `$n`, each SQL text translated once. */
import { ReferenceGone, WriteCollided } from '../errors';
import { type Executor, encodeParam, mapUniqueViolation, type SqlParam } from '../executor';
import { inTransaction, type PgPool, type Queryable, readSnapshot } from './database';

const translated = new Map<string, string>();

/**
 * `?` → `$1, $2, ...`, outside quoted strings and names. PostgreSQL's own `?` operators (jsonb)
 * can't be written through this: use their function forms (jsonb_exists...).
 */
export function toNumberedPlaceholders(sql: string): string {
  let result = translated.get(sql);
  if (result !== undefined) return result;
  let count = 0;
  let quote: string | undefined;
  result = '';
  for (const char of sql) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '?') {
      count += 1;
      result += `$${count}`;
      continue;
    }
    result += char;
  }
  translated.set(sql, result);
  return result;
}

/**
 * A write that lost a race (a row it refers to deleted, a deadlock) answers 404 or 409, not 500;
 * unique constraints are named `<table>_<column>_key` (migrations/postgres/).
 */
function mapError(error: unknown): unknown {
  const pgError = error as { code?: string; constraint?: string; table?: string } | null;
  if (pgError?.code === '23503') return new ReferenceGone();
  if (pgError?.code === '40P01') return new WriteCollided();
  if (pgError?.code !== '23505' || !pgError.constraint || !pgError.table) return error;
  const prefix = `${pgError.table}_`;
  const { constraint } = pgError;
  const column =
    constraint.startsWith(prefix) && constraint.endsWith('_key') ? constraint.slice(prefix.length, -4) : undefined;
  return mapUniqueViolation(error, column);
}

function over(db: Queryable, pool: PgPool | undefined): Executor {
  async function query(sql: string, params: readonly SqlParam[]) {
    try {
      return await db.query(toNumberedPlaceholders(sql), params.map(encodeParam));
    } catch (error) {
      throw mapError(error);
    }
  }
  // Booleans and jsonb arrive decoded: the row shape is SQLite's business.
  const executor: Executor = {
    engine: 'postgres',
    async all<T>(sql: string, params: readonly SqlParam[] = []) {
      return (await query(sql, params)).rows as T[];
    },
    async get<T>(sql: string, params: readonly SqlParam[] = []) {
      return (await query(sql, params)).rows[0] as T | undefined;
    },
    async run(sql, params = []) {
      return (await query(sql, params)).rowCount ?? 0;
    },
    // Inside a transaction already: its work joins it.
    transaction: (work) => (pool ? inTransaction(pool, (client) => work(over(client, undefined))) : work(executor)),
    snapshot: (work) => (pool ? readSnapshot(pool, (client) => work(over(client, undefined))) : work(executor)),
  };
  return executor;
}

export function createPostgresExecutor(pool: PgPool): Executor {
  return over(pool, pool);
}

/** Runs a read on the pool the routing picks (a replica when one is healthy: replicas.ts). */
export type ReadRoute = <T>(work: (pool: PgPool) => Promise<T>) => Promise<T>;

/**
 * An executor whose reads (`all`, `get`, `snapshot`) go where `route` sends them; `run` and
 * `transaction` stay on the primary. For read-only repositories' queries only: a statement given
 * to `all` or `get` that writes would fail on a replica.
 */
export function createReadExecutor(pool: PgPool, route: ReadRoute): Executor {
  const primary = over(pool, pool);
  return {
    ...primary,
    all: (sql, params, shape) => route((target) => over(target, target).all(sql, params, shape)),
    get: (sql, params, shape) => route((target) => over(target, target).get(sql, params, shape)),
    snapshot: (work) => route((target) => readSnapshot(target, (client) => work(over(client, undefined)))),
  };
}
