/**
 * The outbound connections of one account (docs/api.md#outbound-connections-per-account): webhook
 * tests, webhook deliveries and link checks together hold at most CONNECTIONS_PER_ACCOUNT at once
 * (the administrator is one account). A test asks with `tryRun` and is refused when none is free;
 * a delivery and a check ask with `run` and wait their turn.
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
}

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

  async function holding<T>(give: () => Promise<void>, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      await give().catch(() => undefined);
      for (const wake of [...waiting]) wake();
    }
  }

  return {
    async run(account, task) {
      let pollMs = FIRST_POLL_MS;
      for (;;) {
        const give = await places.take(account);
        if (give) return holding(give, task);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, pollMs);
          waiting.add(wake);
        });
        pollMs = Math.min(MAX_POLL_MS, pollMs * 2);
      }
    },
    async tryRun(account, task) {
      const give = await places.take(account);
      return give ? holding(give, task) : undefined;
    },
  };
}
