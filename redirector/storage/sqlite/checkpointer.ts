/**
 * WAL checkpoints off the event loop.
 *
 * By default SQLite checkpoints inside whichever commit pushes the WAL past 1000 pages: that commit
 * copies the pages into the database file and waits for two fsyncs (4–14 ms each on this class of
 * disk), all on the event loop, stalling every request in flight. Measured here (200,000 clicks in
 * 40-click group commits, medians of 5 alternating runs): with SQLite's own checkpoints 53 commits
 * took over 5 ms, 0.57 s in all, p99 6.1 ms; with this worker, 12 did, 0.15 s, p99 2.6 ms.
 *
 * So a worker thread with its own connection runs `PRAGMA wal_checkpoint(PASSIVE)` every
 * `intervalMs` (asked by a background loop of the main thread): passive checkpoints never block
 * the writer, and a commit stays what it was (WAL append, no fsync with synchronous=NORMAL), still
 * durable against `kill -9`. Once a second, not every 100 ms as at first: a checkpoint copies the
 * newest version of every page the WAL holds, and under a steady stream of clicks those are mostly
 * the same hot pages (the clicks' tail, the rollups being folded into), copied and synced ten times
 * a second for nothing (docs/performance.md, "The WAL checkpointer and the fold's pace"). A
 * checkpoint that finds the WAL past `busyWalPages` asks for the next one after `busyIntervalMs`
 * instead, so a write burst's WAL is copied back as fast as before. The writer's own
 * automatic checkpoint stays on at a high mark as a safety net, should the worker fall behind or
 * stop. Without worker threads, SQLite's default applies.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { runInBackground } from '../../background';
import { logProblem } from '../../observability/logger';
import type { SqliteDatabase } from './database';

export interface Checkpointer {
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  /** Between two checkpoints (default 1000). */
  intervalMs?: number;
  /** A checkpoint that found the WAL longer than this many pages (default 4000)… */
  busyWalPages?: number;
  /** …has the next one after this (default 100). */
  busyIntervalMs?: number;
  /** The writer's own automatic checkpoint, in pages, while the worker runs. */
  safetyNetPages?: number;
  log?: (message: string, error?: unknown) => void;
}

/** SQLite's default wal_autocheckpoint. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

// Plain CommonJS run by the worker (eval), so that no separate file has to be built and found. It
// checkpoints when asked (the loop runs on the main thread, with every other background loop) and
// answers each time, with the error when there is one.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    try {
      // log: the WAL's frames when it started (busy, log, checkpointed).
      const { log } = checkpoint.get();
      parentPort.postMessage({ walPages: log });
    } catch (error) {
      parentPort.postMessage({ error: String((error && error.message) || error) });
    }
    return;
  }
  db.close();
  parentPort.close();
});
`;

const noop: Checkpointer = { stop: async () => {} };

export function startCheckpointer(db: SqliteDatabase, options: CheckpointerOptions = {}): Checkpointer {
  const log = options.log ?? logProblem;
  if (db.memory || db.readonly) return noop;
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: db.name,
      },
    });
  } catch (error) {
    log('WAL checkpoints stay on the event loop: no worker thread', error);
    return noop;
  }
  db.pragma(`wal_autocheckpoint = ${options.safetyNetPages ?? 16_000}`);
  // Once a checkpoint has caught up, the next commit starts the WAL over; cut the file back then.
  db.pragma('journal_size_limit = 67108864');
  let stopped = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  let answer: { resolve(walPages: number): void; reject(error: Error): void } | undefined;
  const answered = (error?: Error, walPages = 0) => {
    const waiting = answer;
    answer = undefined;
    if (error) waiting?.reject(error);
    else waiting?.resolve(walPages);
  };
  worker.on('message', (message: { error?: string; walPages?: number }) =>
    answered(message.error === undefined ? undefined : new Error(message.error), message.walPages),
  );
  worker.on('error', (error) => {
    log('WAL checkpoint worker stopped; checkpoints go back to the event loop', error);
    fallBack();
  });
  worker.once('exit', () => {
    answered(new Error('the checkpoint worker exited'));
    if (stopped) return;
    void checkpoints.stop();
    fallBack();
  });
  // After the listeners: adding a 'message' listener refs the worker again.
  worker.unref();
  const intervalMs = options.intervalMs ?? 1000;
  const busyWalPages = options.busyWalPages ?? 4000;
  const busyIntervalMs = Math.min(intervalMs, options.busyIntervalMs ?? 100);
  const checkpoints = runInBackground(
    () =>
      new Promise<number>((resolve, reject) => {
        answer = { resolve, reject };
        worker.postMessage('checkpoint');
      }),
    {
      what: 'WAL checkpoint',
      everyMs: intervalMs,
      nextAfterMs: (walPages) => (walPages > busyWalPages ? busyIntervalMs : intervalMs),
      log,
    },
  );

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await checkpoints.stop();
      worker.ref();
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), 5000).unref();
      });
      const ended = await Promise.race([exited, timeout]);
      // A stopped store leaves no timer behind (docs/performance.md, "The test suite's time").
      clearTimeout(timer);
      if (ended === 'timeout') await worker.terminate();
      fallBack();
    },
  };
}
