/**
 * The background folds' policy, the same on SQLite and PostgreSQL: while clicks keep arriving, a
 * small budget per interval (the redirects' inserts come first); once they stop, the idle budget;
 * and a backlog that lasts for minutes (traffic the small share cannot keep up with) gets a share
 * growing from the busy budget at `rampFromMs` to the idle budget at `rampToMs`.
 */
export interface FoldBudgetOptions {
  /** Time per interval spent folding while clicks keep arriving. */
  busyBudgetMs: number;
  /** Time per interval once no click arrived since the last one. */
  idleBudgetMs: number;
  /** A backlog older than this gets more than the busy budget, growing to the idle budget at rampToMs. */
  rampFromMs?: number;
  rampToMs?: number;
}

export interface FoldBudget {
  /** The time to spend folding an interval that starts at `now` with clicks pending. */
  budget(busy: boolean, now: number): number;
  /** Nothing left pending: a later backlog's ramp starts over. */
  drained(): void;
}

export function foldBudget(options: FoldBudgetOptions): FoldBudget {
  const { busyBudgetMs, idleBudgetMs } = options;
  const rampFromMs = options.rampFromMs ?? 60_000;
  const rampToMs = options.rampToMs ?? 300_000;
  let backlogSince: number | undefined;
  return {
    budget(busy, now) {
      backlogSince ??= now;
      if (!busy) return idleBudgetMs;
      const share = Math.min(1, Math.max(0, (now - backlogSince - rampFromMs) / (rampToMs - rampFromMs)));
      return busyBudgetMs + share * (idleBudgetMs - busyBudgetMs);
    },
    drained() {
      backlogSince = undefined;
    },
  };
}

export interface FoldCredit {
  /**
   * The time this turn may spend folding (ms), from the policy's budget saved up over the turns:
   * 0 while less than one slice is saved, so that a busy service folds a slice's worth of clicks
   * now and then instead of the smallest chunk every turn (a fold's fixed cost, its statements
   * and its commit, is paid per chunk: ten clicks cost about as much as a hundred).
   */
  take(busy: boolean, now: number): number;
  /** What the turn spent; more than it was given is paid back by the next turns. */
  spent(ms: number): void;
  /** Nothing pending: a debt stays, savings do not. */
  drained(): void;
}

/** The budget of `policy` as credit saved turn by turn, at most one slice (or one turn's budget when larger). */
export function foldCredit(policy: FoldBudget, sliceMs: number): FoldCredit {
  let credit = 0;
  return {
    take(busy, now) {
      const budget = policy.budget(busy, now);
      credit = Math.min(credit + budget, Math.max(sliceMs, budget));
      return credit >= sliceMs ? credit : 0;
    },
    spent(ms) {
      credit -= ms;
    },
    drained() {
      policy.drained();
      credit = Math.min(credit, 0);
    },
  };
}
