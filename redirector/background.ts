/**
 * Every loop the service runs in the background (folds, vacuums, retention, checks, refreshers)
 * runs through `runInBackground`: one run at a time, the next one `everyMs` after the last ended
 * (with jitter, so instances started together drift apart), a timer that keeps no process alive,
 * and a `stop` that resolves once a run in progress has ended, after which nothing runs.
 *
 * A loop that starts failing says so once, not every interval (a role that may not vacuum, a
 * database going away), and says once when it works again, with how many runs failed meanwhile.
 * A failure that belongs to a database outage is the outage's to tell (observability/databaseOutage.ts,
 * docs/api.md#when-the-database-is-unreachable): the loop then says neither line.
 */
import { setImmediate } from 'node:timers/promises';
import { unlessOutage } from './observability/databaseOutage';
import { logProblem } from './observability/logger';

/**
 * The jitter of the loops every instance runs against one shared database (vacuum, statistics,
 * expiry, retention, checks): instances started together drift apart instead of taking turns at once.
 */
export const SHARED_LOOP_JITTER = 0.1;

/**
 * Gives the event loop back between two slices of long work in the background (an import's parts,
 * a fold's slices): what waits on it, a redirect's request read from its socket above all, runs
 * before the next slice. `setImmediate`, not a timer: the work goes on in the same loop iteration,
 * right after the sockets were polled, with no timer's millisecond added per slice
 * (docs/performance.md, "Imports while redirects run").
 */
export const yieldToRequests = (): Promise<void> => setImmediate();

export interface BackgroundOptions<T> {
  /** What a run does, as the log says it: "vacuuming the queue of unfolded clicks". */
  what: string;
  /** From the end of one run to the start of the next. */
  everyMs: number;
  /** A share of each wait taken or added at random (0.1: ±10 %). */
  jitter?: number;
  /** The first run's wait; `everyMs` when not given, 0 to run at once. */
  firstAfterMs?: number;
  /** The wait after a run that returned `result`, when not `everyMs` (more work left: sooner). */
  nextAfterMs?: (result: T) => number;
  log?: (message: string, error?: unknown) => void;
  /** Whether the timer keeps the process alive (never, for the service's loops). */
  keepAlive?: boolean;
}

export interface Background<T> {
  /** A run now (or the one in progress); its result, undefined when it failed or after `stop`. */
  runNow(): Promise<T | undefined>;
  /** The next run as soon as the one in progress (if any) has ended. */
  runSoon(): void;
  /** No run after this resolves; a run in progress is awaited. */
  stop(): Promise<void>;
}

export function runInBackground<T>(task: () => T | Promise<T>, options: BackgroundOptions<T>): Background<T> {
  const log = options.log ?? logProblem;
  const jitter = options.jitter ?? 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T | undefined> | undefined;
  let again = false;
  let stopped = false;
  let failedRuns = 0;
  /** Whether this failure's line was written: an error of a database outage is the outage's to tell. */
  let failureSaid = false;

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const spread = delayMs * jitter * (Math.random() * 2 - 1);
    timer = setTimeout(() => void runNow(), Math.max(0, Math.round(delayMs + spread)));
    if (!options.keepAlive) timer.unref();
  }

  async function run(): Promise<T | undefined> {
    let next = options.everyMs;
    try {
      // Settled in a later turn even when the task throws at once, so `running` is set meanwhile.
      const result = await new Promise<T>((resolve) => resolve(task()));
      if (failureSaid) log(`${options.what} works again after ${failedRuns} failed run${failedRuns > 1 ? 's' : ''}`);
      failedRuns = 0;
      failureSaid = false;
      if (options.nextAfterMs) next = options.nextAfterMs(result);
      return result;
    } catch (error) {
      if (failedRuns === 0) {
        unlessOutage(error, () => {
          failureSaid = true;
          log(`${options.what} failed`, error);
        });
      }
      failedRuns++;
      return undefined;
    } finally {
      running = undefined;
      schedule(again ? 0 : next);
      again = false;
    }
  }

  function runNow(): Promise<T | undefined> {
    if (stopped) return Promise.resolve(undefined);
    clearTimeout(timer);
    timer = undefined;
    running ??= run();
    return running;
  }

  schedule(options.firstAfterMs ?? options.everyMs);
  return {
    runNow,
    runSoon() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
