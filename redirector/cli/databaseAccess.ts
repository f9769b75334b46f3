/**
 * Why the command line cannot reach the SQLite database, in words (docs/api.md#command-line): a
 * folder or file this user may not reach is "permission denied" and names it, one that is not there
 * is "missing". A person who runs `me` as root or as themselves beside a service that runs as its
 * own user meets the first, and a wrong DATA_DIR the second: each has its own cure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLITE_FILE } from '../storage/sqliteFile';
import { CliError } from './command';

/** SQLite in WAL mode keeps these beside the database, and creates them when they are not there. */
const SQLITE_COMPANIONS = ['-wal', '-shm'];

export function isPermissionError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EACCES' || code === 'EPERM';
}

/** A file system error's code in words, for a one-line message. */
export function fileErrorText(error: unknown): string {
  if (isPermissionError(error)) return 'permission denied';
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  return code ?? (error instanceof Error ? error.message : String(error));
}

function whoRuns(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** "permission denied: <what>", saying who ran the command and what cures it. */
export function permissionDenied(what: string, cure = 'run me as the user the service runs as'): CliError {
  return new CliError(`permission denied: ${what} (running as ${whoRuns()}; ${cure})`);
}

/** Throws unless DATA_DIR is an existing folder this user may enter. */
export function requireDataDir(dataDir: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dataDir);
  } catch (error) {
    if (isPermissionError(error)) throw permissionDenied(`cannot reach DATA_DIR "${dataDir}"`);
    throw new CliError(`DATA_DIR "${dataDir}" does not exist (set DATA_DIR to the service's data folder)`);
  }
  if (!stat.isDirectory()) throw new CliError(`DATA_DIR "${dataDir}" is not a directory`);
  try {
    fs.accessSync(dataDir, fs.constants.X_OK);
  } catch (error) {
    if (isPermissionError(error)) throw permissionDenied(`cannot enter DATA_DIR "${dataDir}"`);
    throw error;
  }
}

/**
 * The SQLite file of DATA_DIR; throws when there is none, or when it is out of this user's reach
 * (asked before opening: SQLite would open a file it may only read read-only, and fail later).
 */
export function requireSqliteFile(dataDir: string): string {
  requireDataDir(dataDir);
  const file = path.join(dataDir, SQLITE_FILE);
  try {
    fs.statSync(file);
  } catch (error) {
    if (isPermissionError(error)) throw permissionDenied(`cannot reach "${file}"`);
    throw new CliError(
      `no database in DATA_DIR "${dataDir}" (${SQLITE_FILE} is missing): start the service once, or set DATA_DIR`,
    );
  }
  const problem = sqlitePermissionProblem(file);
  if (problem) throw problem;
  return file;
}

/** True when this user may not use `target` as `mode` asks (fs.constants' R_OK, W_OK, X_OK). */
export function denied(target: string, mode: number): boolean {
  try {
    fs.accessSync(target, mode);
    return false;
  } catch (error) {
    return isPermissionError(error);
  }
}

/**
 * After the database failed to open: what this user may not read or write, when that is why. SQLite
 * needs the file, its -wal and -shm files, and the folder to create those in when they are not there.
 */
export function sqlitePermissionProblem(file: string): CliError | undefined {
  const readWrite = fs.constants.R_OK | fs.constants.W_OK;
  if (denied(file, readWrite)) return permissionDenied(`cannot read and write "${file}"`);
  for (const suffix of SQLITE_COMPANIONS) {
    const companion = `${file}${suffix}`;
    if (fs.existsSync(companion)) {
      if (denied(companion, readWrite)) return permissionDenied(`cannot read and write "${companion}"`);
    } else if (denied(path.dirname(file), fs.constants.W_OK | fs.constants.X_OK)) {
      return permissionDenied(`cannot create "${companion}" in "${path.dirname(file)}"`);
    }
  }
  return undefined;
}
