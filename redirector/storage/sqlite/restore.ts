/** What `me restore` asks of SQLite (cli/commands/restore.ts): a backup's soundness, and the old database set aside. */
import fs from 'node:fs';
import Database from 'better-sqlite3';

/** Why `file` is not a sound backup of Me ("is damaged …"), or undefined when it is one. */
export function sqliteBackupProblem(file: string): string | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return `is damaged (quick_check: ${check})`;
    const migrations = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
    if (!migrations.get()) return 'is not a backup of Me (no schema_migrations table)';
    return undefined;
  } catch (error) {
    return `is not a SQLite database (${error instanceof Error ? error.message : error})`;
  } finally {
    db?.close();
  }
}

/**
 * Folds the database's WAL into it and renames it to `<database><suffix>`; its -wal, -shm and
 * -journal files go. Returns the new name, or undefined when there was no database.
 */
export function setAsideSqlite(database: string, suffix: string): string | undefined {
  if (!fs.existsSync(database)) return undefined;
  const db = new Database(database, { fileMustExist: true });
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const aside = `${database}${suffix}`;
  fs.renameSync(database, aside);
  for (const extra of ['-wal', '-shm', '-journal']) fs.rmSync(`${database}${extra}`, { force: true });
  return aside;
}
