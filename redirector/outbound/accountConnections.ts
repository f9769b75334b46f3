/**
 * The outbound connections of one account (docs/api.md#outbound-connections-per-account): webhook
 * tests, webhook deliveries and link checks together hold at most CONNECTIONS_PER_ACCOUNT at once
 * (the administrator is one account). A test asks with `tryRun` and is refused when none is free;
 * a delivery and a check ask with `run` and wait their turn. A webhook's kept connection holds its
 * place with `hold` for as long as its socket is open, idle included; while idle it is marked
 * (`idle`), and whoever of its account finds no place free here closes one such connection first.
 *
 * Where several instances share a database (PostgreSQL) the places are the store's attempt places
 * (storage/store.ts AttemptStore: reserved, never counted), so the limit holds across instances; a
 * place an instance never gave back (it was killed) is free again after HOLD_MS. On SQLite one
 * process holds them in memory.
 */
import type { AttemptStore } from '../storage/store';

export const CONNECTIONS_PER_ACCOUNT = 10;
export const TOO_MANY_CONNECTIONS = `This account already has ${CONNECTIONS_PER_ACCOUNT} outbound connections open (webhook tests, deliveries, link checks); try again in a few seconds`;
/** Longer than any one connection lasts (a webhook's 10 s, a link check's attempt). */
const HOLD_MS = 60_000;
const SCOPE = 'outbound-connections';
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;

/** The account a connection counts for: a team's (a personal team is its user's), or the administrator's own (teamId null). */
export function connectionAccount(teamId: number | null): string {
  return teamId === null ? 'admin' : `team ${teamId}`;
}

export interface AccountConnections {
  /** Runs `task` holding one of `account`'s places, waiting for one when none is free. */
  run<T>(account: string, task: () => Promise<T>): Promise<T>;
  /** Runs `task` holding a place; undefined (and nothing run) when the account has none free now. */
  tryRun<T>(account: string, task: () => Promise<T>): Promise<T | undefined>;
  /**
   * Takes one of `account`'s places beyond one task (a kept connection), waiting like `run`; the
   * function returned gives it back, once the connection has closed.
   */
  hold(account: string): Promise<() => void>;
  /**
   * Marks an idle kept connection of `account`: one of its own that finds no place free calls
   * `close`, which must end the connection and give its place back once it has closed. The
   * function returned takes the mark off (the connection is in use again, or closed).
   */
  idle(account: string, close: () => void): () => void;
}

/** How long a test that closed an idle kept connection waits for its place (the close takes a round trip; at most 1 s). */
const CLOSE_WAIT_MS = 1500;

/** One place: taken, or not (busy); `give` hands it back. */
interface Places {
  take(account: string): Promise<(() => Promise<void>) | undefined>;
}

function memoryPlaces(max: number): Places {
  const held = new Map<string, number>();
  return {
    async take(account) {
      const count = held.get(account) ?? 0;
      if (count >= max) return undefined;
      held.set(account, count + 1);
      return async () => {
        const left = (held.get(account) ?? 1) - 1;
        if (left > 0) held.set(account, left);
        else held.delete(account);
      };
    },
  };
}

function storePlaces(attempts: AttemptStore, max: number, clock: () => number): Places {
  return {
    async take(account) {
      const now = clock();
      const answer = await attempts.reserve(SCOPE, account, { now, max, windowMs: 1, holdMs: HOLD_MS });
      if (!('granted' in answer) || !answer.granted) return undefined;
      return () => attempts.settle(answer.reservation, false, { now: clock(), max });
    },
  };
}

export function createAccountConnections(
  options: { attempts?: AttemptStore; clock?: () => number; max?: number } = {},
): AccountConnections {
  const max = options.max ?? CONNECTIONS_PER_ACCOUNT;
  const places = options.attempts ? storePlaces(options.attempts, max, options.clock ?? Date.now) : memoryPlaces(max);
  /** Waiters of this process, woken when one of its places is given back (others' are polled for). */
  const waiting = new Set<() => void>();
  /** The idle kept connections of this process, by account: each one's `close`, oldest first. */
  const idleByAccount = new Map<string, Set<() => void>>();

  async function giveBack(give: () => Promise<void>): Promise<void> {
    await give().catch(() => undefined);
    for (const wake of [...waiting]) wake();
  }

  async function holding<T>(give: () => Promise<void>, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      await giveBack(give);
    }
  }

  /** Closes one of the account's idle kept connections; whether there was one. */
  function closeIdle(account: string): boolean {
    const idle = idleByAccount.get(account);
    const close = idle?.values().next().value;
    if (!idle || !close) return false;
    idle.delete(close);
    if (idle.size === 0) idleByAccount.delete(account);
    close();
    return true;
  }

  /** Until a place of this process is given back, or `ms`. */
  function nextGiven(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiting.add(wake);
    });
  }

  /** A place, waiting for one: each time none is free, an idle kept connection of the account is closed first. */
  async function take(account: string): Promise<() => Promise<void>> {
    let pollMs = FIRST_POLL_MS;
    for (;;) {
      const give = await places.take(account);
      if (give) return give;
      closeIdle(account);
      await nextGiven(pollMs);
      pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
    }
  }

  return {
    async run(account, task) {
      return holding(await take(account), task);
    },
    async tryRun(account, task) {
      let give = await places.take(account);
      if (!give && closeIdle(account)) {
        // Until the closed connection's place is back (another account's may come back first).
        const until = Date.now() + CLOSE_WAIT_MS;
        while (!give && Date.now() < until) {
          await nextGiven(until - Date.now());
          give = await places.take(account);
        }
      }
      return give ? holding(give, task) : undefined;
    },
    async hold(account) {
      const give = await take(account);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        void giveBack(give);
      };
    },
    idle(account, close) {
      let idle = idleByAccount.get(account);
      if (!idle) {
        idle = new Set();
        idleByAccount.set(account, idle);
      }
      idle.add(close);
      return () => {
        const marked = idleByAccount.get(account);
        if (!marked?.delete(close)) return;
        if (marked.size === 0) idleByAccount.delete(account);
      };
    },
  };
}
