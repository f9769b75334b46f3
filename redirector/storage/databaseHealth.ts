/**
 * Whether the database answers (docs/api.md#when-the-database-is-unreachable). An error that says
 * the server cannot be reached marks it down: one log line, then a probe every second until a
 * query is answered again: one more line, and every listener hears it (the click spool replays).
 * The errors of every part (idle connections, the link-change listener, queries, and every problem
 * line of the process through observability/databaseOutage.ts) come here, so that an outage is told
 * once, not once per broken connection, and its return says how many calls failed meanwhile.
 */
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNREACHABLE_MESSAGE,
} from '../contract/health';
import { watchOutages } from '../observability/databaseOutage';
import { WriteCollided } from './errors';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNREACHABLE_MESSAGES = /Connection terminated|connection error|not queryable/i;

/**
 * pg-pool's words when a call waited the whole connection timeout for one of the pool's connections,
 * all busy with other calls (a new connection that cannot reach the server fails with "Connection
 * terminated due to connection timeout" instead). The database answers: this is load, not an outage.
 */
const POOL_WAIT_MESSAGE = 'timeout exceeded when trying to connect';

/** True when the error says every pooled connection stayed busy (docs/api.md#when-the-database-is-busy). */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof Error && error.message === POOL_WAIT_MESSAGE;
}

/**
 * SQLSTATEs of a trouble that passes (the same work later may well succeed): a serialization
 * failure, a deadlock broken, a lock or statement timeout, resources short (disk, memory,
 * connections). The database's unreachable and busy errors pass as well.
 */
const PASSING_CODES = new Set(['40001', '40P01', '55P03', '57014', '53000', '53100', '53200', '53300']);
/** SQLite's: the file busy or locked by another connection, an I/O error, a full disk. */
const PASSING_SQLITE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL)/;

/**
 * True when the error is one of the database's that passes: unreachable, busy, or one of the
 * codes above. Work in the background that met one is done again later rather than given up
 * (an import job resumes from its checkpoint: docs/api.md#imports).
 */
export function isPassingDatabaseTrouble(error: unknown): boolean {
  if (error instanceof WriteCollided || isDatabaseUnreachable(error) || isDatabaseBusy(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (PASSING_CODES.has(code) || PASSING_SQLITE.test(code));
}

/** What a call answers when the database cannot serve it now; undefined for any other error. */
export interface DatabaseTrouble {
  message: string;
  retryAfterSeconds: number;
  /** The database is unreachable (told once by its health); else it is busy. */
  unreachable: boolean;
}

/** True when the error says the database server cannot be reached (not that a query is wrong). */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof DatabaseUnreachable) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnreachable);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  return error instanceof Error && UNREACHABLE_MESSAGES.test(error.message);
}

/** Thrown where an answer needs the database and it is known to be down. */
export class DatabaseUnreachable extends Error {
  constructor() {
    super(DATABASE_UNREACHABLE_MESSAGE);
  }
}

export interface DatabaseHealth {
  isUp(): boolean;
  /** Hands in any database error; returns true when it says the database is unreachable. */
  failed(error: unknown): boolean;
  /**
   * The one reading of a failed call's error for every answer path (API, short links, the hub,
   * shared stats): unreachable (told once, as `failed`) or busy, with the words and the wait to
   * answer; undefined for any other error (docs/api.md#when-the-database-is-busy).
   */
  trouble(error: unknown): DatabaseTrouble | undefined;
  /** Called each time the database answers again after an outage. */
  onBack(listener: () => void): void;
  stop(): void;
}

export interface DatabaseHealthOptions {
  ping: () => Promise<void>;
  log: (message: string) => void;
  probeMs?: number;
  clock?: () => number;
}

export function createDatabaseHealth(options: DatabaseHealthOptions): DatabaseHealth {
  const probeMs = options.probeMs ?? 1000;
  const clock = options.clock ?? Date.now;
  const listeners: (() => void)[] = [];
  let downSince: number | undefined;
  /** Calls that failed since the database went, told in the line that says it is back. */
  let failedCalls = 0;
  let probe: NodeJS.Timeout | undefined;
  /** A ping asked for by an error that looked like an outage while the database seemed up. */
  let asking: Promise<boolean> | undefined;
  let stopped = false;

  function scheduleProbe(): void {
    if (stopped) return;
    probe = setTimeout(async () => {
      try {
        await options.ping();
      } catch {
        scheduleProbe();
        return;
      }
      const seconds = ((clock() - (downSince ?? clock())) / 1000).toFixed(1);
      const calls = failedCalls === 1 ? '1 call' : `${failedCalls} calls`;
      downSince = undefined;
      failedCalls = 0;
      options.log(`the database answers again after ${seconds} s; ${calls} failed meanwhile`);
      for (const listener of listeners) listener();
    }, probeMs);
    probe.unref();
  }

  /** Errors counted already: one handed in twice (where it was met, then on its answer's path) is one call. */
  const counted = new WeakSet<object>();

  function failed(error: unknown): boolean {
    if (!isDatabaseUnreachable(error)) return false;
    if (stopped) return true;
    if (typeof error === 'object' && error !== null) {
      if (counted.has(error)) return true;
      counted.add(error);
    }
    failedCalls += 1;
    if (downSince === undefined) {
      downSince = clock();
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      options.log(`the database is unreachable (${reason || 'no answer'}); answering from what is kept here`);
      scheduleProbe();
    }
    return true;
  }

  /** Whether the database answers a ping now; one ping at a time. */
  function answersNow(): Promise<boolean> {
    asking ??= options.ping().then(
      () => true,
      () => false,
    );
    void asking.finally(() => {
      asking = undefined;
    });
    return asking;
  }

  // Every problem line of the process asks this health first (observability/databaseOutage.ts).
  const unwatch = watchOutages({
    isOutageError: isDatabaseUnreachable,
    claim(error) {
      if (downSince !== undefined || stopped) return failed(error);
      return answersNow().then((answers) => !answers && failed(error));
    },
  });

  return {
    isUp: () => downSince === undefined,
    failed,
    trouble(error) {
      if (failed(error)) {
        return {
          message: DATABASE_UNREACHABLE_MESSAGE,
          retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
          unreachable: true,
        };
      }
      if (!isDatabaseBusy(error)) return undefined;
      return {
        message: DATABASE_BUSY_MESSAGE,
        retryAfterSeconds: DATABASE_BUSY_RETRY_AFTER_SECONDS,
        unreachable: false,
      };
    },
    onBack(listener) {
      listeners.push(listener);
    },
    stop() {
      stopped = true;
      unwatch();
      clearTimeout(probe);
    },
  };
}
