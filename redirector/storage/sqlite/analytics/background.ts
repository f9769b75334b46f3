/**
 * Folds pending clicks while the service runs, so that an analytics call seldom has much left to
 * fold. It takes little time while clicks keep arriving (redirects come first) and more once they
 * stop, in slices sized from the cost of the last one, never blocking the event loop for long.
 */
import type { RollupFolder } from './rollups';

export interface BackgroundFoldingOptions {
  /** How often to look for pending clicks. */
  intervalMs?: number;
  /** Time per interval spent folding while clicks keep arriving. */
  busyBudgetMs?: number;
  /** Time per interval spent folding once no click arrived during the last interval. */
  idleBudgetMs?: number;
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
  // While clicks keep arriving: 5 ms every 250 ms (2 % of the time, a few hundred clicks a second);
  // once they stop: up to 100 ms every 250 ms, in slices of at most 25 ms.
  const intervalMs = options.intervalMs ?? 250;
  const busyBudgetMs = options.busyBudgetMs ?? 5;
  const idleBudgetMs = options.idleBudgetMs ?? 100;
  const sliceMs = options.sliceMs ?? 25;
  const now = options.now ?? (() => performance.now());
  const log = options.log ?? ((message, error) => console.error(`me: ${message}`, error));
  let seenClickId = -1;
  let msPerRow = 0.05;
  let failed = false;

  const timer = setInterval(() => {
    try {
      const latest = lastClickId();
      const busy = latest !== seenClickId;
      seenClickId = latest;
      const deadline = now() + (busy ? busyBudgetMs : idleBudgetMs);
      while (folder.pending() > 0) {
        const left = deadline - now();
        if (left <= 0) break;
        const started = now();
        const rows = Math.max(50, Math.floor(Math.min(left, sliceMs) / msPerRow));
        const folded = folder.fold(rows);
        if (folded > 0) msPerRow = Math.max(0.001, (now() - started) / folded);
      }
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
