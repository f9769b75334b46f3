/** The PostgreSQL connection pool: numbers parsed as numbers, clear connection errors, transactions. */
import pg from 'pg';

export type PgPool = pg.Pool;
export type PgClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'>;

/** How long a connection attempt may take before startup (or a query) gives up. */
export const CONNECT_TIMEOUT_MS = 5_000;

const INT8_OID = 20;

/**
 * int8 (BIGINT ids, epoch-millisecond times, COUNT(*)) arrives as a string by default; every value
 * this store keeps fits in a double, so parse it to a number. Set on this pool only, not globally.
 */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

export function connectionConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    types: pgTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'me-redirector',
  };
}

export function createPool(
  url: string,
  log: (message: string, error: unknown) => void,
  options: Pick<pg.PoolConfig, 'max' | 'onConnect'> = { max: 10 },
): PgPool {
  const pool = new pg.Pool({ ...connectionConfig(url), ...options, idleTimeoutMillis: 30_000 });
  // An idle connection that breaks (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (error) => log('an idle PostgreSQL connection failed', error));

  return pool;
}

/** The click inserts' own connections: the group commit's batches in flight (clickInserts.ts). */
export const CLICK_INSERT_CONNECTIONS = 4;

/**
 * Clicks a batch must hold to be written beside one already in flight (the click recorder's
 * joinInFlightAt). Each batch costs PostgreSQL a fixed few hundred microseconds of CPU (a
 * statement, a commit, a WAL flush) besides some 35 µs per click, so batches of 14 cost it about
 * twice as much per click as batches of 50 (docs/performance.md, "The redirect path on
 * PostgreSQL"): a small batch waits for a write to end and grows meanwhile.
 */
export const CLICK_BATCH_JOINS_AT = 32;

/**
 * The pool the redirect path's click inserts use, apart from the main pool so that link lookups,
 * analytics and the fold never hold an answered-to-be click back.
 *
 * Its commits keep the database's own `synchronous_commit` (on by default): a redirect is answered
 * once its click's commit is flushed to disk, so a crash of the PostgreSQL server or its machine
 * right after the answer loses nothing (docs/api.md#when-a-click-is-stored). The group commit and
 * the batches in flight pay that flush once per batch, not once per click.
 */
export function createClickPool(url: string, log: (message: string, error: unknown) => void): PgPool {
  return createPool(url, log, { max: CLICK_INSERT_CONNECTIONS });
}

/** The URL without its password, for messages. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the DATABASE_URL';
  }
}

/** One line saying why connecting failed (Node's AggregateError for dual-stack hosts has no message). */
export function describeConnectionError(error: unknown, url: string): string {
  if (!URL.canParse(url)) return 'DATABASE_URL is not a valid URL';
  const where = `PostgreSQL at ${describeUrl(url)}`;
  const first = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
  const code = (first as { code?: string } | null)?.code;
  const message = first instanceof Error ? first.message : String(first);
  if (code === 'ECONNREFUSED') return `cannot connect to ${where}: connection refused`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot connect to ${where}: unknown host`;
  if (/timeout/i.test(message)) return `cannot connect to ${where}: no answer within ${CONNECT_TIMEOUT_MS / 1000} s`;
  return `cannot use ${where}: ${message.split('\n')[0] || code || 'unknown error'}`;
}

/** True when the error is a foreign key violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23503';
}

/** Runs `work` in one transaction on one connection; rolls back when it throws. */
export async function inTransaction<T>(
  pool: PgPool,
  work: (client: PgClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  // A checked-out client has no pool listener: a connection lost in mid-transaction (the server
  // stopped) emits 'error' after failing the query, and unheard it would end the process.
  const lost = () => {
    broken = true;
  };
  client.on('error', lost);
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped rather than handed to the next caller.
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.removeListener('error', lost);
    client.release(broken);
  }
}

/**
 * Aggregates over every click see one snapshot of the database (an analytics answer is
 * consistent), without JIT: they cross jit_above_cost, and compiling them cost more (~0.7 s at a
 * million clicks) than it saved. SET LOCAL, so that it also holds behind a transaction pooler.
 */
export function readSnapshot<T>(pool: PgPool, work: (client: PgClient) => Promise<T>): Promise<T> {
  return inTransaction(
    pool,
    async (client) => {
      await client.query('SET LOCAL jit = off');
      return work(client);
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}
