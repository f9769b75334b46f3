/**
 * An online copy of the SQLite database while the service keeps writing to it (copying the file
 * alone is unsafe in WAL mode: committed pages may still sit in the -wal file).
 *
 * SQLite's backup API copies a batch of pages per step and restarts from the first page whenever
 * another connection commits between steps, so under a steady stream of clicks a large database
 * would never finish. Here the copying connection holds one read transaction across every step:
 * in WAL mode that pins its view of the database (writers carry on; the WAL grows until the copy is
 * done), no step sees a change, and the copy is exactly the database as it was when the read began.
 */
import Database from 'better-sqlite3';

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
}

export interface BackupResult {
  pages: number;
  /** The copy's size in bytes. */
  bytes: number;
}

/** Pages copied per step (4 MiB with 4 KiB pages): progress stays visible without many steps. */
export const PAGES_PER_STEP = 1024;

/**
 * Copies `source` (an existing database) into `destination`, a file that must not exist yet. The
 * copy is left in rollback-journal mode, one self-contained file.
 */
export async function backupSqlite(
  source: string,
  destination: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<BackupResult> {
  const db = new Database(source, { fileMustExist: true });
  let pages = 0;
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN');
    // The first read starts the read transaction that the steps below share.
    db.prepare('SELECT COUNT(*) FROM sqlite_schema').get();
    const done = await db.backup(destination, {
      progress: (progress) => {
        onProgress?.(progress);
        return PAGES_PER_STEP;
      },
    });
    pages = done.totalPages;
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  const copy = new Database(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const bytes =
      (copy.pragma('page_count', { simple: true }) as number) * (copy.pragma('page_size', { simple: true }) as number);
    return { pages, bytes };
  } finally {
    copy.close();
  }
}
