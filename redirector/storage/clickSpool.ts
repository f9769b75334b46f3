/**
 * The click spool (docs/api.md#when-the-database-is-unreachable): while PostgreSQL cannot take a
 * batch of clicks, the batch is appended to a file in SPOOL_DIR and flushed to disk (fsync) before
 * its redirects are answered, as SQLite's commit would be. Once the database answers again, the
 * files are replayed in the order they were written, each batch in one statement that also sets
 * the file's mark (click_marks): after a crash in mid-replay, what the mark says is stored is
 * skipped. A batch also carries the mark of the place it was first written from, so that one whose
 * commit may have reached the database before the connection died is not stored twice.
 *
 * One file per outage (a new one after each replay), one JSON line per batch; a last line cut
 * short by a crash was never answered (its fsync had not returned) and is ignored.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { NewClick } from './records';
import type { ClickMark } from './store';

/** A batch as the spool keeps it: its clicks, and the mark it was sent with if it was sent. */
export interface SpooledBatch {
  sent: ClickMark['set'] | null;
  clicks: readonly NewClick[];
}

export interface ClickSpool {
  /** Appends the batch and flushes it to disk before returning; throws when the disk refuses. */
  append(batch: SpooledBatch): void;
  /** Clicks in the spool, not yet replayed. */
  pending(): number;
  /**
   * Stores every spooled batch through `insert`, oldest file first, and deletes each file once all
   * of it is stored; rejects (keeping the rest) when an insert fails. Returns the clicks replayed.
   */
  replay(insert: (clicks: readonly NewClick[], mark: ClickMark) => Promise<void>): Promise<number>;
}

const SUFFIX = '.clicks';

/** The mark name of a spool file: file names are unique (time, then random), so marks are. */
export const spoolMarkName = (file: string) => `spool/${file}`;

export function createClickSpool(dir: string): ClickSpool {
  let fd: number | undefined;
  let current: string | undefined;
  let pending = countPending(dir);

  function open(): number {
    if (fd !== undefined) return fd;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Names sort in the order written: the time, zero-padded, then a random part for uniqueness.
    current = `${String(Date.now()).padStart(15, '0')}-${crypto.randomUUID()}${SUFFIX}`;
    fd = fs.openSync(path.join(dir, current), 'a', 0o600);
    // The new name itself must survive a crash.
    syncDir(dir);
    return fd;
  }

  /** Appends go to a new file from now on; the old one can be replayed whole. */
  function rotate(): void {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
    current = undefined;
  }

  return {
    append(batch) {
      const handle = open();
      fs.writeSync(handle, `${JSON.stringify(batch)}\n`);
      fs.fsyncSync(handle);
      pending += batch.clicks.length;
    },
    pending: () => pending,
    async replay(insert) {
      rotate();
      let replayed = 0;
      for (const file of spoolFiles(dir)) {
        const mark = spoolMarkName(file);
        const batches = readBatches(path.join(dir, file));
        for (const [index, batch] of batches.entries()) {
          const line = index + 1;
          await insert(batch.clicks, {
            set: { name: mark, value: line },
            skipWhen: batch.sent ? [{ name: mark, value: line }, batch.sent] : [{ name: mark, value: line }],
          });
          replayed += batch.clicks.length;
          pending = Math.max(0, pending - batch.clicks.length);
        }
        fs.rmSync(path.join(dir, file));
      }
      return replayed;
    },
  };
}

function spoolFiles(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(SUFFIX))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function readBatches(file: string): SpooledBatch[] {
  const batches: SpooledBatch[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    try {
      batches.push(JSON.parse(line) as SpooledBatch);
    } catch {
      // Only the last line can be cut short, and its batch was never answered.
      break;
    }
  }
  return batches;
}

function countPending(dir: string): number {
  let count = 0;
  for (const file of spoolFiles(dir)) {
    for (const batch of readBatches(path.join(dir, file))) count += batch.clicks.length;
  }
  return count;
}

function syncDir(dir: string): void {
  const handle = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
}
