/**
 * PostgreSQL's monthly click partitions in the background (docs/api.md#monthly-click-partitions):
 * the months (clickMonths.ts) at start and hourly, with CLICK_RETENTION_DAYS's whole-month drops,
 * and, while migration 41's move is left, its batches one after another (clickMove.ts).
 *
 * Making partitions never stops the move: the months of the clicks to move are made before the
 * first batch, and when that fails (a lock not had in time) the move goes on all the same (a click
 * of a month not made lands in `clicks_default`, and the hourly run moves it into its month later).
 */
import { runInBackground, SHARED_LOOP_JITTER } from '../../background';
import { log as logger, logProblem } from '../../observability/logger';
import { type BetweenMoveAndMake, dropExpiredMonths, makeMonth, makeMonths, monthsWithClicks } from './clickMonths';
import {
  type ClickMoveProgress,
  finishMove,
  MOVE_BATCH_ROWS,
  moveBatch,
  moveLeft,
  readMoveProgress,
} from './clickMove';
import type { PgPool } from './database';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The longest wait a timer takes (about 24.8 days): a loop that only runs when asked. */
const ASKED_ONLY_MS = 2 ** 31 - 1;

export interface ClickPartitionOptions {
  /** CLICK_RETENTION_DAYS: whole months past it are dropped. */
  retentionDays?: number;
  now?: () => number;
  /** Clicks per batch of the move. */
  batchRows?: number;
  /** Between two batches (the database's breath); 1 s after a batch that could not run. */
  pauseMs?: number;
  /** false: the move waits for `moveOnce` (tests drive it a batch at a time). */
  moveInBackground?: boolean;
  between?: BetweenMoveAndMake;
  log?: (message: string, error?: unknown) => void;
  /** Progress lines (start, every tenth, end). */
  say?: (line: string) => void;
}

export interface ClickPartitions {
  /** The move's progress while it runs, null once none is left. */
  progress(): ClickMoveProgress | null;
  /** One run of the months and retention now; resolves with the months made and dropped. */
  monthsOnce(): Promise<MonthsRun | undefined>;
  /** One step of the move now: 'more', 'waiting' (could not run), or 'done'. */
  moveOnce(): Promise<MoveStep | undefined>;
  stop(): Promise<void>;
}

type MoveStep = 'more' | 'waiting' | 'done';

interface MonthsRun {
  made: string[];
  /** Months whose locks were not had in time: the next run comes in a minute, not an hour. */
  waiting: string[];
  dropped: string[];
}

export async function partitionClicksInBackground(
  pool: PgPool,
  options: ClickPartitionOptions = {},
): Promise<ClickPartitions> {
  const now = options.now ?? Date.now;
  const log = options.log ?? logProblem;
  const say = options.say ?? ((line: string) => logger.info(line));
  let progress = await readMoveProgress(pool);

  const months = runInBackground(
    async () => {
      const { made, waiting } = await makeMonths(pool, { now, between: options.between });
      const days = options.retentionDays;
      const dropped = days === undefined ? [] : await dropExpiredMonths(pool, now() - days * DAY_MS, waiting);
      if (made.length > 0) say(`click partitions made: ${made.join(', ')}`);
      if (dropped.length > 0) say(`click partitions dropped (CLICK_RETENTION_DAYS): ${dropped.join(', ')}`);
      return { made, waiting, dropped };
    },
    {
      what: 'making the monthly click partitions',
      everyMs: HOUR_MS,
      firstAfterMs: 0,
      nextAfterMs: (run: MonthsRun) => (run.waiting.length > 0 ? 60_000 : HOUR_MS),
      jitter: SHARED_LOOP_JITTER,
      log,
    },
  );

  // The months of the clicks to move, before the first batch; on failure again a minute later.
  let oldMonthsMade = false;
  let oldMonthsTried = Number.NEGATIVE_INFINITY;
  let toldTenth = -1;
  async function makeOldMonths(): Promise<void> {
    if (oldMonthsMade || performance.now() - oldMonthsTried < 60_000) return;
    const first = oldMonthsTried === Number.NEGATIVE_INFINITY;
    oldMonthsTried = performance.now();
    try {
      for (const month of await monthsWithClicks(pool, 'clicks')) await makeMonth(pool, 'clicks_partitioned', month);
      oldMonthsMade = true;
    } catch (error) {
      if (first) log('making the months of the clicks to move failed; the move goes on', error);
    }
  }

  async function step(): Promise<MoveStep> {
    if (!progress) return 'done';
    if (!(await moveLeft(pool))) {
      // Another instance swapped the tables.
      progress = null;
      return 'done';
    }
    await makeOldMonths();
    const copied = await moveBatch(pool, options.batchRows ?? MOVE_BATCH_ROWS);
    if (copied === null) return 'waiting';
    if (copied === 0) {
      if (!(await finishMove(pool))) return 'waiting';
      say(`clicks moved into monthly partitions: ${progress.moved} clicks`);
      progress = null;
      months.runSoon();
      return 'done';
    }
    progress = (await readMoveProgress(pool)) ?? progress;
    const tenth = Math.floor((10 * progress.moved) / Math.max(progress.estimated, 1));
    if (tenth > toldTenth) {
      toldTenth = tenth;
      say(`moving clicks into monthly partitions: ${progress.moved} of about ${progress.estimated}`);
    }
    return 'more';
  }

  const pauseMs = options.pauseMs ?? 50;
  const move =
    progress === null
      ? undefined
      : runInBackground(step, {
          what: 'moving clicks into monthly partitions',
          everyMs: 1_000,
          firstAfterMs: options.moveInBackground === false ? ASKED_ONLY_MS : 0,
          nextAfterMs: (result) =>
            options.moveInBackground === false || result === 'done'
              ? ASKED_ONLY_MS
              : result === 'more'
                ? pauseMs
                : 1_000,
          log,
        });
  if (progress) say(`moving clicks into monthly partitions: ${progress.moved} of about ${progress.estimated} so far`);

  return {
    progress: () => progress,
    monthsOnce: () => months.runNow(),
    moveOnce: async () => (move ? move.runNow() : 'done'),
    async stop() {
      await move?.stop();
      await months.stop();
    },
  };
}
