/**
 * `me restore <file>`: puts a backup made by `me backup` back into DATA_DIR while the service is
 * stopped (docs/api.md#backup-and-restore). It refuses while a service runs on DATA_DIR (its
 * me.pid names a live process: storage/servicePid.ts). The database it replaces is kept as
 * me.sqlite.before-restore, its WAL folded in first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VISITOR_KEY_FILE } from '../../privacy/visitorSecret';
import { runningServicePid } from '../../storage/servicePid';
import { setAsideSqlite, sqliteBackupProblem } from '../../storage/sqlite/restore';
import { SQLITE_FILE } from '../../storage/sqliteFile';
import { BACKUP_KEY_SUFFIX, REPLACED_SUFFIX } from '../backupFiles';
import { CliError, type CliIo, type ParsedArgs, writeLine } from '../command';
import { loadSqliteDataDir } from '../environment';

/** Throws unless `file` is a sound SQLite database holding Me's schema. */
function checkBackup(file: string): void {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CliError(`"${file}" is not a file`);
  const problem = sqliteBackupProblem(file);
  if (problem) throw new CliError(`"${file}" ${problem}`);
}

function copyDurably(from: string, to: string): void {
  fs.copyFileSync(from, to);
  fs.chmodSync(to, 0o600);
  const handle = fs.openSync(to, 'r+');
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
}

export async function restoreBackup(args: ParsedArgs, io: CliIo): Promise<number> {
  const dataDir = loadSqliteDataDir(io.env, 'restore PostgreSQL with pg_restore (e.g. pg_restore -d "$DATABASE_URL")');
  const backup = path.resolve(args.positionals[0]!);
  checkBackup(backup);
  const pid = runningServicePid(dataDir);
  if (pid !== undefined) {
    throw new CliError(`the service is running on DATA_DIR "${dataDir}" (process ${pid}): stop it, then restore`);
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = path.join(dataDir, SQLITE_FILE);
  if (fs.existsSync(database) && fs.realpathSync(database) === fs.realpathSync(backup)) {
    throw new CliError(`"${backup}" is the database itself`);
  }
  const partial = path.join(dataDir, `.${SQLITE_FILE}.${process.pid}.restoring`);
  try {
    copyDurably(backup, partial);
    const aside = setAsideSqlite(database, REPLACED_SUFFIX);
    fs.renameSync(partial, database);
    writeLine(io.stdout, `me: restored ${backup} to ${database}${aside ? ` (the one it replaced: ${aside})` : ''}`);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  const key = `${backup}${BACKUP_KEY_SUFFIX}`;
  if (fs.existsSync(key)) {
    const target = path.join(dataDir, VISITOR_KEY_FILE);
    copyDurably(key, `${target}.restoring`);
    fs.renameSync(`${target}.restoring`, target);
    writeLine(io.stdout, `me: restored the visitor key of ANONYMIZE_IPS to ${target}`);
  }
  return 0;
}
