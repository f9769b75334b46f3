/**
 * The checks of links just created or changed (docs/api.md#link-health), in turns per account: at
 * most `perAccount` of an account's under way at once (the rounds' limit, 2), its others waiting in
 * order. An import of 10,000 links so starts two checks, not 10,000 at once (each holding its link's lease
 * and reading the database while it waits for the account's one request at a time, which on
 * PostgreSQL emptied the connection pool for every other call).
 */
import { connectionAccount } from '../outbound/accountConnections';
import { createAccountTally } from './accountTally';

export interface SoonChecks {
  /** Queues the link's check behind its account's others (once, however often asked before it starts). */
  add(linkId: number, teamId: number | null): void;
  /** Forgets the checks not started (a stop: their links stay due for the rounds). */
  clear(): void;
}

/** `run` checks one link and settles when it is done (it never rejects). */
export function createSoonChecks(perAccount: number, run: (linkId: number) => Promise<void>): SoonChecks {
  const waiting = new Map<string, number[]>();
  const queued = new Set<number>();
  const running = createAccountTally();

  function startNext(account: string): void {
    const queue = waiting.get(account);
    while (queue !== undefined && queue.length > 0 && running.running(account) < perAccount) {
      const linkId = queue.shift()!;
      queued.delete(linkId);
      running.started(account);
      void run(linkId).finally(() => {
        running.ended(account);
        startNext(account);
      });
    }
    if (queue?.length === 0) waiting.delete(account);
  }

  return {
    add(linkId, teamId) {
      if (queued.has(linkId)) return;
      const account = connectionAccount(teamId);
      queued.add(linkId);
      const queue = waiting.get(account) ?? [];
      queue.push(linkId);
      waiting.set(account, queue);
      startNext(account);
    },
    clear() {
      waiting.clear();
      queued.clear();
    },
  };
}
