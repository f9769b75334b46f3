/**
 * Read replicas (DATABASE_REPLICA_URLS, docs/api.md#read-replicas): streaming standbys of the
 * primary that analytics, link lists, exports and hub figures read from.
 *
 * Lag is measured as the time the primary has been at a WAL position the replica has not replayed:
 * every check notes the primary's position with its time, then reads each replica's replayed
 * position; the oldest noted position beyond it says since when the replica is behind. So an idle
 * primary never makes a replica look late (nothing to replay), and a paused or cut-off replica's
 * lag grows as long as the primary writes. A replica more than REPLICA_MAX_LAG_S behind, or not
 * answering, is left out until a check finds it caught up; a read that finds it unreachable marks
 * it down at once and runs on the primary, and so does a read still waiting on a replica a check
 * leaves out as down (one that stopped answering, which gives no error). A read the replica
 * cancels for a conflict with its recovery (isRecoveryConflict) runs again on the primary, the
 * replica kept in use.
 */
import pg from 'pg';
import { runInBackground } from '../../background';
import type { ReplicaHealth } from '../../contract/health';
import { isDatabaseUnreachable } from '../databaseHealth';
import { connectionConfig, describeUrl, type PgPool } from './database';

/** Runs a read on a replica's pool (`onReplica`) or on the primary's. */
export type ReadTarget = <T>(work: (pool: PgPool, onReplica: boolean) => Promise<T>) => Promise<T>;

export interface ReplicaSetOptions {
  /** REPLICA_MAX_LAG_S: a replica further behind is left out. */
  maxLagS: number;
  /** Between checks (1 s). */
  checkMs?: number;
  /** State changes (no error) and a failing check of the primary's position (with it). */
  log: (message: string, error?: unknown) => void;
  now?: () => number;
}

export interface ReplicaSet {
  /** Runs `work` on a healthy replica's pool (round robin), or on the primary when none is or `primary` is asked. */
  read<T>(work: (pool: PgPool, onReplica: boolean) => Promise<T>, primary?: boolean): Promise<T>;
  /** Whether a read now would go to a replica. */
  hasHealthy(): boolean;
  status(): ReplicaHealth[];
  /** A check now (the store waits for the first before it serves). */
  checkNow(): Promise<void>;
  close(): Promise<void>;
}

interface Replica {
  readonly name: string;
  readonly pool: PgPool;
  state: ReplicaHealth['state'];
  lagS: number | null;
  /** Told when the replica is left out as down: the reads waiting on it go to the primary. */
  readonly leftOut: Set<() => void>;
}

/** What a read waiting on a replica gets once that replica is left out as down. */
const LEFT_OUT = Symbol('left out');

/** The primary's WAL position at a time. */
interface Sample {
  at: number;
  lsn: bigint;
}

/** Connections per replica: reads only, fewer than the primary's. */
const REPLICA_CONNECTIONS = 5;
/** A replica's check that takes longer marks it down (a host that does not answer at all). */
const CHECK_TIMEOUT_MS = 2_000;
/** The primary's positions kept, at most (an hour of checks once a second). */
const MAX_SAMPLES = 3_600;

/** A WAL position (`16/B374D848`) as a number that compares. */
export function lsnValue(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * True when a replica cancelled the read (or ended its connection) for a conflict with replaying
 * the primary's changes: the rows or a lock its read held were needed by the replay (a VACUUM, a
 * table locked on the primary) and max_standby_streaming_delay ran out. PostgreSQL says so with
 * 40001 ("canceling statement due to conflict with recovery"), which on a replica, where every
 * read is a read-only transaction that no other can make fail to serialize, means nothing else.
 */
export function isRecoveryConflict(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '40001';
}

/** `host:port` of a URL: never its user or password. */
export function replicaName(url: string): string {
  return describeUrl(url).replace(/\/.*$/, '');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the replica did not answer the check in time')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function setState(replica: Replica, state: Replica['state'], lagS: number | null, log: ReplicaSetOptions['log']): void {
  const before = replica.state;
  replica.state = state;
  replica.lagS = lagS;
  if (before === state) return;
  if (state === 'down') for (const tell of replica.leftOut) tell();
  if (state === 'down') log(`read replica ${replica.name} is down; its reads go elsewhere`);
  else if (state === 'lagging') {
    log(`read replica ${replica.name} is ${Math.round(lagS ?? 0)} s behind; its reads go elsewhere`);
  } else log(`read replica ${replica.name} is back in use`);
}

/** Reads the replica's replayed position and sets its state; its position, undefined when down. */
async function checkReplica(
  replica: Replica,
  samples: readonly Sample[],
  options: ReplicaSetOptions,
): Promise<bigint | undefined> {
  const now = options.now ?? Date.now;
  try {
    const { rows } = await withTimeout(
      replica.pool.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn'),
      CHECK_TIMEOUT_MS,
    );
    const text = rows[0]?.lsn;
    // Not a standby (the primary itself, say): never behind.
    const replayed = text ? lsnValue(text) : undefined;
    const behind = replayed === undefined ? undefined : samples.find((sample) => sample.lsn > replayed);
    const lagS = behind ? Math.max(0, now() - behind.at) / 1000 : 0;
    setState(replica, lagS > options.maxLagS ? 'lagging' : 'ok', lagS, options.log);
    return replayed;
  } catch {
    setState(replica, 'down', null, options.log);
    return undefined;
  }
}

export function createReplicaSet(primary: PgPool, urls: readonly string[], options: ReplicaSetOptions): ReplicaSet {
  const now = options.now ?? Date.now;
  const replicas: Replica[] = urls.map((url) => {
    const pool = new pg.Pool({
      ...connectionConfig(url),
      application_name: 'me-redirector-replica',
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
      max: REPLICA_CONNECTIONS,
      idleTimeoutMillis: 30_000,
    });
    // Its state comes from the checks and the reads, told once per change (below).
    pool.on('error', () => undefined);
    return { name: replicaName(url), pool, state: 'ok', lagS: 0, leftOut: new Set<() => void>() };
  });
  const samples: Sample[] = [];
  let turn = 0;

  const checkOne = (replica: Replica) => checkReplica(replica, samples, options);

  async function check(): Promise<void> {
    const at = now();
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    samples.push({ at, lsn: lsnValue(rows[0]!.lsn) });
    const replayed = await Promise.all(replicas.map(checkOne));
    // Positions every answering replica has replayed are needed no more (the newest is kept).
    const known = replayed.filter((lsn): lsn is bigint => lsn !== undefined);
    const least = known.length > 0 ? known.reduce((a, b) => (a < b ? a : b)) : undefined;
    while (samples.length > 1 && ((least !== undefined && samples[0]!.lsn <= least) || samples.length > MAX_SAMPLES)) {
      samples.shift();
    }
  }

  const checks = runInBackground(check, {
    what: 'checking the read replicas',
    everyMs: options.checkMs ?? 1_000,
    log: options.log,
  });

  function healthy(): Replica | undefined {
    const usable = replicas.filter((replica) => replica.state === 'ok');
    if (usable.length === 0) return undefined;
    turn = (turn + 1) % usable.length;
    return usable[turn];
  }

  return {
    async read(work, onPrimary = false) {
      const replica = onPrimary ? undefined : healthy();
      if (!replica) return work(primary, false);
      // A replica that stops answering holds its reads without an end (no error comes): once a check
      // leaves it out as down, a read still waiting on it runs on the primary instead, and what the
      // replica answers later is nobody's.
      let tell = () => {};
      const leftOut = new Promise<typeof LEFT_OUT>((resolve) => {
        tell = () => resolve(LEFT_OUT);
        replica.leftOut.add(tell);
      });
      let answer: Awaited<ReturnType<typeof work>> | typeof LEFT_OUT;
      try {
        const onReplica = work(replica.pool, true);
        onReplica.catch(() => undefined);
        answer = await Promise.race([onReplica, leftOut]);
      } catch (error) {
        // The replica's recovery took back what the read needed: read again where nothing replays.
        if (isRecoveryConflict(error)) answer = LEFT_OUT;
        else if (!isDatabaseUnreachable(error)) throw error;
        else {
          setState(replica, 'down', null, options.log);
          answer = LEFT_OUT;
        }
      } finally {
        replica.leftOut.delete(tell);
      }
      return answer === LEFT_OUT ? work(primary, false) : answer;
    },
    hasHealthy: () => replicas.some((replica) => replica.state === 'ok'),
    status: () =>
      replicas.map((replica) => ({
        name: replica.name,
        state: replica.state,
        lag_s: replica.lagS === null ? null : Math.round(replica.lagS * 10) / 10,
      })),
    async checkNow() {
      await checks.runNow();
    },
    async close() {
      await checks.stop();
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => undefined)));
    },
  };
}
