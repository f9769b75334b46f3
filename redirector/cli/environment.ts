/**
 * The command line reads the same environment as the service (docs/api.md#running-it) and opens the
 * same database, beside a running service. Unlike the service it never creates a data folder or a
 * database: a mistyped DATA_DIR or DATABASE_URL is an error, not a new empty database.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { newToken } from '../auth/tokens';
import { type Config, ConfigError, loadConfig } from '../config';
import type { Services } from '../services';
import { DatabasePermission, findPostgresSchema, MissingDatabase, pendingUpgrade } from '../storage/databaseCheck';
import { knownVersion } from '../storage/migration';
import { postgresMigrations } from '../storage/migrations/postgres';
import { sqliteMigrations } from '../storage/migrations/sqlite';
import { SQLITE_FILE } from '../storage/sqliteFile';
import type { Store } from '../storage/store';
import { CliError, EXIT_USAGE } from './command';
import { requireSqliteFile, sqlitePermissionProblem } from './databaseAccess';

export { requireDataDir, requireSqliteFile } from './databaseAccess';

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

/**
 * DATA_DIR, for a command that works on the SQLite file only (backup, restore); with DATABASE_URL
 * set it stops with `postgresAdvice` (the PostgreSQL tool to use instead).
 */
export function loadSqliteDataDir(env: NodeJS.ProcessEnv, postgresAdvice: string): string {
  const { config, dataDir } = loadCliConfig(env);
  if (config.databaseUrl !== undefined) throw new CliError(`DATABASE_URL is set: ${postgresAdvice}`, EXIT_USAGE);
  return dataDir;
}

/**
 * Runs `work` with the services over the configured database, then closes it. Background work
 * (WAL checkpoints, rollup folding) stays with the running service, and so do upgrades: the
 * database is opened as it is, never migrated (an older release's service may still run on it,
 * docs/api.md#the-command-line). A database with migrations pending is refused unless
 * `upgrade: false` says the work only looks at it (`me check`).
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
    if (error instanceof MissingDatabase || error instanceof DatabasePermission) throw new CliError(error.message);
    if (error instanceof CliError) throw error;
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  let store: Awaited<ReturnType<typeof import('../storage/openStore').openStore>>;
  try {
    const { openStore } = await import('../storage/openStore');
    store = await openStore(config, dataDir, { backgroundWork: false, upgrade: false });
  } catch (error) {
    const denied =
      config.databaseUrl === undefined ? sqlitePermissionProblem(path.join(dataDir, SQLITE_FILE)) : undefined;
    throw denied ?? new CliError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  let services: Services | undefined;
  try {
    if (options.upgrade !== false) await refusePendingUpgrade(store);
    // The command line signs no one in: the services' admin key is one nobody knows. It records no
    // visits and counts no attempts, so ANONYMIZE_IPS's key is never used here: a throwaway one
    // stands in, and the service's own (a file only it may read, or a row) is left alone.
    const visitorSecret = config.anonymizeIps ? crypto.randomBytes(32) : undefined;
    // Nor does it check link destinations: a link it imports is checked by the service.
    const quiet = { ...config, events: { ...config.events, linkCheckHours: 0 } };
    const { createServices } = await import('../services');
    services = createServices({ config: quiet, store, adminKey: newToken(), visitorSecret });
    return await work(services);
  } finally {
    // Pruning the audit log is the running service's work too: stopped before the database closes.
    await services?.auditPruning.stop();
    await store.close();
  }
}

/** A database an older release left, not upgraded yet: its service's next start upgrades it. */
async function refusePendingUpgrade(store: Store): Promise<void> {
  const { schemaVersion, pending } = await pendingUpgrade(store);
  if (pending.length === 0) return;
  const known = knownVersion(store.kind === 'sqlite' ? sqliteMigrations : postgresMigrations);
  throw new CliError(
    `the database's schema is at version ${schemaVersion}, this release's at ${known}: ` +
      'start the service of this release once to upgrade it (me check lists the migrations), then run me again',
  );
}
