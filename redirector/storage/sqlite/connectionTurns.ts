/**
 * Turns on the one better-sqlite3 connection (docs/api.md#sqlites-one-connection). A transaction
 * that awaits between its statements leaves the connection in the middle of it; whatever another
 * task ran there would join it (and be undone by its rollback), and another BEGIN would fail. So
 * while one task's transaction is open, other tasks' transactions and statements wait, first come
 * first served; when none is open a statement runs at once, as before. A statement of the holding
 * task itself (any code its transaction awaits, through whichever executor) runs at once: it is part
 * of the transaction, and making it wait for its own transaction would stall it forever.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqliteDatabase } from './database';

export interface ConnectionTurns {
  /** Runs `work` with the connection to itself: no other task's statement runs until it settles. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a synchronous statement now when no transaction holds the connection, else at its turn. */
  whenFree<T>(statement: () => T): T | Promise<T>;
}

export function createConnectionTurns(): ConnectionTurns {
  /** Whether a task's transaction holds the connection. */
  let held = false;
  /** The holding task's mark, seen by everything its transaction runs and awaits. */
  const holder = new AsyncLocalStorage<object>();
  let holding: object | undefined;
  const isHolder = () => holding !== undefined && holder.getStore() === holding;
  /** Who waits for it, in order: a transaction takes it, a statement runs and lets the next go on. */
  const waiting: (() => void)[] = [];

  function release(): void {
    held = false;
    while (!held && waiting.length > 0) waiting.shift()!();
  }

  return {
    async exclusive(work) {
      // A transaction begun inside the holder's own: SQLite refuses it, at once and clearly.
      if (held && isHolder()) return work();
      if (held) {
        await new Promise<void>((resolve) =>
          waiting.push(() => {
            held = true;
            resolve();
          }),
        );
      } else held = true;
      const mark = {};
      holding = mark;
      try {
        return await holder.run(mark, work);
      } finally {
        holding = undefined;
        // Off between transactions: while any AsyncLocalStorage is on, Node 20 runs a hook for every
        // promise of the process, redirects included (docs/performance.md, "The redirect path on SQLite").
        holder.disable();
        release();
      }
    },
    whenFree(statement) {
      if (!held || isHolder()) return statement();
      return new Promise((resolve, reject) => {
        waiting.push(() => {
          try {
            resolve(statement());
          } catch (error) {
            reject(error);
          }
        });
      });
    },
  };
}

const turnsOf = new WeakMap<SqliteDatabase, ConnectionTurns>();

/** The connection's one set of turns, shared by the executor and the engine's own statements. */
export function connectionTurns(db: SqliteDatabase): ConnectionTurns {
  let turns = turnsOf.get(db);
  if (turns === undefined) {
    turns = createConnectionTurns();
    turnsOf.set(db, turns);
  }
  return turns;
}
