/**
 * Turns on the one better-sqlite3 connection (docs/api.md#sqlites-one-connection). A transaction
 * that awaits between its statements leaves the connection in the middle of it; whatever another
 * task ran there would join it (and be undone by its rollback), and another BEGIN would fail. So
 * while one task's transaction is open, other tasks' transactions and statements wait, first come
 * first served; when none is open a statement runs at once, as before.
 */
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
  /** Who waits for it, in order: a transaction takes it, a statement runs and lets the next go on. */
  const waiting: (() => void)[] = [];

  function release(): void {
    held = false;
    while (!held && waiting.length > 0) waiting.shift()!();
  }

  return {
    async exclusive(work) {
      if (held) {
        await new Promise<void>((resolve) =>
          waiting.push(() => {
            held = true;
            resolve();
          }),
        );
      } else held = true;
      try {
        return await work();
      } finally {
        release();
      }
    },
    whenFree(statement) {
      if (!held) return statement();
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
