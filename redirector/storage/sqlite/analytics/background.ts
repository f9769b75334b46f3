/**
 * Folds pending clicks while the service runs, so that an analytics call seldom has much left to
 * fold. While clicks keep arriving it takes little time (redirects come first); once they stop, or
 * when a backlog has lasted for minutes (traffic the small share cannot keep up with), it takes
 * more, in slices sized from the cost of the last one, never blocking the event loop for long.
 */
import { logProblem } from '../../../observability/logger';
import type { RollupFolder } from './rollups';

export interface BackgroundFoldingOptions {
  /** How often to look for pending clicks. */
  intervalMs?: number;
  /** Time per interval spent folding while clicks keep arriving. */
  busyBudgetMs?: number;
  /** Time per interval spent folding once no click arrived during the last interval. */
  idleBudgetMs?: number;
  /** A backlog older than this gets more than the busy budget... */
  rampFromMs?: number;
  /** ...growing to the idle budget at this age. */
  rampToMs?: number;
  /** Longest single fold (one transaction). */
  sliceMs?: number;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export interface BackgroundFolding {
  stop(): void;
}

export function foldInBackground(
  folder: RollupFolder,
  lastClickId: () => number,
  options: BackgroundFoldingOptions = {},
): BackgroundFolding {
  // While clicks keep arriving: 1 ms every 50 ms (2 % of the time, a few hundred clicks a second),
  // short enough not to show in the redirects' tail latency; once they stop: up to 20 ms every
  // 50 ms (40 %), in slices of at most 5 ms.
  const intervalMs = options.intervalMs ?? 50;
  const busyBudgetMs = options.busyBudgetMs ?? 1;
  const idleBudgetMs = options.idleBudgetMs ?? 20;
  const rampFromMs = options.rampFromMs ?? 60_000;
  const rampToMs = options.rampToMs ?? 300_000;
  const sliceMs = options.sliceMs ?? 5;
  const now = options.now ?? (() => performance.now());
  const log = options.log ?? logProblem;
  let seenClickId = -1;
  let backlogSince: number | undefined;
  let msPerRow = 0.05;
  let failed = false;

  function budget(busy: boolean, started: number): number {
    if (!busy) return idleBudgetMs;
    const age = started - (backlogSince ?? started);
    const share = Math.min(1, Math.max(0, (age - rampFromMs) / (rampToMs - rampFromMs)));
    return busyBudgetMs + share * (idleBudgetMs - busyBudgetMs);
  }

  const timer = setInterval(() => {
    try {
      const started = now();
      if (folder.pending() === 0) {
        backlogSince = undefined;
        return;
      }
      backlogSince ??= started;
      const latest = lastClickId();
      const busy = latest !== seenClickId;
      seenClickId = latest;
      const deadline = started + budget(busy, started);
      while (folder.pending() > 0) {
        const left = deadline - now();
        if (left <= 0) break;
        const sliceStarted = now();
        const rows = Math.max(10, Math.floor(Math.min(left, sliceMs) / msPerRow));
        const folded = folder.fold(rows);
        if (folded > 0) msPerRow = Math.max(0.001, (now() - sliceStarted) / folded);
      }
      if (folder.pending() === 0) backlogSince = undefined;
      failed = false;
    } catch (error) {
      // A read folds whatever is pending anyway; report once per run of failures.
      if (!failed) log('folding clicks into the analytics rollups failed', error);
      failed = true;
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
