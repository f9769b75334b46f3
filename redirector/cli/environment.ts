/**
 * The command line reads the same environment as the service (docs/api.md#running-it) and opens the
 * same database, beside a running service. Unlike the service it never creates a data folder or a
 * database: a mistyped DATA_DIR or DATABASE_URL is an error, not a new empty database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { newToken } from '../auth/tokens';
import { type Config, ConfigError, loadConfig } from '../config';
import { createServices, type Services } from '../services';
import { findPostgresSchema, MissingDatabase } from '../storage/databaseCheck';
import { openStore, SQLITE_FILE } from '../storage/openStore';
import { CliError } from './command';

export interface CliConfig {
  config: Config;
  /** DATA_DIR, absolute. */
  dataDir: string;
}

export function loadCliConfig(env: NodeJS.ProcessEnv): CliConfig {
  try {
    const config = loadConfig(env);
    return { config, dataDir: path.resolve(config.dataDir) };
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/** Throws unless DATA_DIR is an existing folder. */
export function requireDataDir(dataDir: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dataDir);
  } catch {
    throw new CliError(`DATA_DIR "${dataDir}" does not exist (set DATA_DIR to the service's data folder)`);
  }
  if (!stat.isDirectory()) throw new CliError(`DATA_DIR "${dataDir}" is not a directory`);
}

/** The SQLite file of DATA_DIR; throws when there is none. */
export function requireSqliteFile(dataDir: string): string {
  requireDataDir(dataDir);
  const file = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(file)) {
    throw new CliError(
      `no database in DATA_DIR "${dataDir}" (${SQLITE_FILE} is missing): start the service once, or set DATA_DIR`,
    );
  }
  return file;
}

/**
 * Runs `work` with the services over the configured database, then closes it. Background work
 * (WAL checkpoints, rollup folding) stays with the running service. `upgrade: false` opens the
 * database as it is, its pending migrations left to the service (`me check`).
 */
export async function withServices<T>(
  cli: CliConfig,
  work: (services: Services) => Promise<T>,
  options: { upgrade?: boolean } = {},
): Promise<T> {
  const { config, dataDir } = cli;
  try {
    if (config.databaseUrl === undefined) requireSqliteFile(dataDir);
    else await findPostgresSchema(config.databaseUrl);
  } catch (error) {
    if (error instanceof MissingDatabase) throw new CliError(error.message);
    if (error instanceof CliError) throw error;
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(config, dataDir, { backgroundWork: false, upgrade: options.upgrade });
  } catch (error) {
    throw new CliError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    // The command line signs no one in: the services' admin key is one nobody knows.
    return await work(createServices({ config, store, adminKey: newToken() }));
  } finally {
    await store.close();
  }
}
