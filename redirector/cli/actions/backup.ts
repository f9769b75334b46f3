/**
 * `me backup <file>`: an online, consistent copy of the SQLite database, private to its owner, and
 * beside it `<file>.visitor-key`, ANONYMIZE_IPS's key, when DATA_DIR has one
 * (docs/api.md#backup-and-restore): without it, visitors counted before a restore would count anew.
 */
import fs from 'node:fs';
import path from 'node:path';
import { VISITOR_KEY_FILE } from '../../privacy/visitorSecret';
import { type BackupProgress, backupSqlite } from '../../storage/sqlite/backup';
import { BACKUP_KEY_SUFFIX } from '../backupFiles';
import { CliError, type CliIo, type ParsedArgs, writeLine } from '../command';
import { denied, permissionDenied, sqlitePermissionProblem } from '../databaseAccess';
import { loadSqliteDataDir, requireSqliteFile } from '../environment';

/** Below this many pages (about 40 MiB) a backup takes well under a second: no progress lines. */
const PROGRESS_FROM_PAGES = 10_000;

function progressReporter(stderr: NodeJS.WritableStream): (progress: BackupProgress) => void {
  let lastShown = -1;
  return ({ totalPages, remainingPages }) => {
    if (totalPages < PROGRESS_FROM_PAGES) return;
    const percent = Math.floor(((totalPages - remainingPages) / totalPages) * 10) * 10;
    if (percent <= lastShown) return;
    lastShown = percent;
    writeLine(stderr, `me: backup ${percent} % (${totalPages - remainingPages} of ${totalPages} pages)`);
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The visitor key's copy beside the backup (written whole, then renamed), or undefined without one. */
function copyVisitorKey(dataDir: string, destination: string): string | undefined {
  const key = path.join(dataDir, VISITOR_KEY_FILE);
  if (!fs.existsSync(key)) return undefined;
  const copy = `${destination}${BACKUP_KEY_SUFFIX}`;
  const partial = `${copy}.${process.pid}.partial`;
  fs.copyFileSync(key, partial);
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, copy);
  return copy;
}

export async function backUp(args: ParsedArgs, io: CliIo): Promise<number> {
  const dataDir = loadSqliteDataDir(io.env, 'back up PostgreSQL with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL")');
  const source = requireSqliteFile(dataDir);
  const destination = path.resolve(args.positionals[0]!);
  const folder = path.dirname(destination);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    throw new CliError(`cannot write "${destination}": ${folder} is not a directory`);
  }
  if (fs.existsSync(destination)) {
    if (args.values.force !== true) throw new CliError(`"${destination}" exists (add --force to replace it)`);
    if (fs.statSync(destination).isDirectory()) throw new CliError(`"${destination}" is a directory`);
  }
  if (fs.realpathSync(folder) === fs.realpathSync(dataDir) && path.basename(destination).startsWith('me.sqlite')) {
    throw new CliError(`"${destination}" is the database itself: choose another file`);
  }
  // Written beside the destination, then renamed over it: a failed or interrupted backup never
  // leaves a half-written file under the name given (or destroys the backup it would replace).
  const partial = path.join(folder, `.${path.basename(destination)}.${process.pid}.partial`);
  try {
    const started = Date.now();
    const result = await backupSqlite(source, partial, progressReporter(io.stderr));
    fs.chmodSync(partial, 0o600);
    const key = copyVisitorKey(dataDir, destination);
    fs.renameSync(partial, destination);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    writeLine(io.stdout, `me: backed up ${source} to ${destination} (${megabytes(result.bytes)}, ${seconds} s)`);
    if (key) writeLine(io.stdout, `me: backed up the visitor key of ANONYMIZE_IPS to ${key}`);
    return 0;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    fs.rmSync(`${partial}-journal`, { force: true });
    // The source is opened first: when both are out of reach, its problem is the one met.
    const sourceProblem = sqlitePermissionProblem(source);
    if (sourceProblem) throw sourceProblem;
    if (denied(folder, fs.constants.W_OK | fs.constants.X_OK)) {
      throw permissionDenied(`cannot write in "${folder}"`, 'choose a folder this user may write in');
    }
    throw new CliError(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
