/**
 * Folds pending clicks while the service runs, so that an analytics call seldom has much left to
 * fold, with the policy of storage/foldBudget.ts, in slices sized from the cost of the last one,
 * never blocking the event loop for long: a turn that folds more than one slice (a backlog, an
 * import's clicks) gives the event loop back between two, so a redirect waits for one slice at
 * most, not for the turn's whole budget. A failure is said once: a read folds whatever is pending
 * anyway.
 */
import { runInBackground, yieldToRequests } from '../../../background';
import { type FoldBudgetOptions, foldBudget, foldCredit } from '../../foldBudget';
import type { RollupFolder } from './rollups';

export interface BackgroundFoldingOptions extends Partial<FoldBudgetOptions> {
  /** How often to look for pending clicks. */
  intervalMs?: number;
  /** Longest single fold (one transaction) while clicks keep arriving; once they stop, a turn's budget is one fold. */
  sliceMs?: number;
  /** Clicks keep arriving while one arrived within this long (default 1000). */
  busyWindowMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export interface BackgroundFolding {
  stop(): Promise<void>;
}

export function foldInBackground(
  folder: RollupFolder,
  lastClickId: () => number,
  options: BackgroundFoldingOptions = {},
): BackgroundFolding {
  // While clicks keep arriving (one arrived within the last `busyWindowMs`): 1 ms every 50 ms (2 %
  // of the time), saved up and spent as one slice of at most 5 ms every 250 ms or so, short enough
  // not to show in the redirects' tail latency and long enough for a chunk whose fixed cost (some
  // 30 statements and a commit) is shared by many clicks; once they stop: up to 20 ms every 50 ms
  // (40 %), as one chunk. A fold's cost per click falls with the chunk's size (each rollup row is
  // upserted once per chunk, not once per click of it: about 200 µs a click in chunks of 10, 90 in
  // chunks of 100, 40 in chunks of 1,000; docs/performance.md, "The WAL checkpointer and the fold's
  // pace"), so the idle budget goes to one chunk, not four of 5 ms back to back (which held the
  // event loop as long). Busy is judged over the last second rather than the last turn: a trickle
  // of clicks with gaps over 50 ms then saves its budget up too, instead of folding each click by
  // itself as soon as a turn sees none arrive.
  const policy = foldBudget({ busyBudgetMs: 1, idleBudgetMs: 20, ...options });
  const sliceMs = options.sliceMs ?? 5;
  const busyWindowMs = options.busyWindowMs ?? 1000;
  const credit = foldCredit(policy, sliceMs);
  const now = options.now ?? (() => performance.now());
  let seenClickId = -1;
  let clickSeenAt = Number.NEGATIVE_INFINITY;
  let msPerRow = 0.05;

  async function turn(): Promise<void> {
    const started = now();
    if (folder.pending() === 0) {
      credit.drained();
      return;
    }
    const latest = lastClickId();
    if (latest !== seenClickId) clickSeenAt = started;
    seenClickId = latest;
    const busy = started - clickSeenAt < busyWindowMs;
    const allowed = credit.take(busy, started);
    // The fold's own time: what redirects took between two slices is theirs, not the fold's budget.
    let spent = now() - started;
    for (let slices = 0; spent < allowed && folder.pending() > 0; slices++) {
      if (slices > 0) await yieldToRequests();
      const sliceStarted = now();
      const left = allowed - spent;
      // Busy: slices of sliceMs with the event loop given back between them; idle: one chunk.
      const rows = Math.max(10, Math.floor((busy ? Math.min(left, sliceMs) : left) / msPerRow));
      const folded = folder.fold(rows);
      const took = now() - sliceStarted;
      spent += took;
      if (folded > 0) msPerRow = Math.max(0.001, took / folded);
    }
    credit.spent(spent);
    if (folder.pending() === 0) credit.drained();
  }

  return runInBackground(turn, {
    what: 'folding clicks into the analytics rollups',
    everyMs: options.intervalMs ?? 50,
    log: options.log,
  });
}
