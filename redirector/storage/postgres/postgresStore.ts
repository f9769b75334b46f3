/**
 * The Store on PostgreSQL (DATABASE_URL), so that several instances can share one database.
 * Connects, migrates (one instance at a time) and starts hearing link changes before it resolves;
 * any failure there rejects with one line saying what is wrong.
 */
import type { ClickMoveHealth, ReplicaHealth } from '../../contract/health';
import { logProblem } from '../../observability/logger';
import { createAnalyticsQueries } from '../analytics/runner';
import { deleteOldClicksInBackground, postgresOldClickDeleter, type RetentionOptions } from '../clickRetention';
import { createDatabaseHealth, type DatabaseHealth, DatabaseUnreachable } from '../databaseHealth';
import { createClickRepository } from '../repositories/clickRepository';
import type { AttemptStore, Store, StreamBroadcast } from '../store';
import { createStoreRepositories } from '../storeRepositories';
import { postgresAttemptStore } from './attemptLimits';
import { postgresClickInserts } from './clickInserts';
import { type ClickPartitionOptions, type ClickPartitions, partitionClicksInBackground } from './clickPartitions';
import {
  CLICK_BATCH_JOINS_AT,
  CLICK_INSERT_CONNECTIONS,
  createClickPool,
  createPool,
  describeConnectionError,
  type PgPool,
} from './database';
import { type LinkChangeFeed, type LinkChangeListener, listenForLinkChanges } from './linkChanges';
import { migrate } from './migrate';
import { createPostgresExecutor, createReadExecutor } from './postgresExecutor';
import { vacuumQueueInBackground } from './queueVacuum';
import { type ReplicaReads, readReplicas } from './replicaReads';
import { foldClicks, foldInBackground, READ_FOLD_LIMIT } from './rollups';
import { refreshStatisticsInBackground } from './statisticsRefresh';
import { createStreamBroadcast } from './streamBroadcast';

export interface PostgresStore extends Store {
  readonly kind: 'postgres';
  readonly attempts: AttemptStore;
  /** The pool, for the storage layer's own modules and tests. */
  readonly pool: PgPool;
  readonly health: DatabaseHealth;
  onLinkChanged(listener: LinkChangeListener): () => void;
  onDomainsChanged(listener: () => void): () => void;
  readonly broadcast: StreamBroadcast;
  /** The read replicas' state (docs/api.md#read-replicas); empty without DATABASE_REPLICA_URLS. */
  replicas(): ReplicaHealth[];
  /** The monthly click partitions and migration 41's move (docs/api.md#monthly-click-partitions); none with `upgrade: false`. */
  readonly partitions: ClickPartitions | undefined;
  clickMove(): ClickMoveHealth | null;
}

export interface PostgresStoreOptions {
  log?: (message: string, error?: unknown) => void;
  /** false: the schema is only looked at, never changed (`me check`). */
  upgrade?: boolean;
  /** The schema version and each migration applied, a line each (docs/api.md#migrations). */
  schemaLog?: (line: string) => void;
  /** CLICK_RETENTION_DAYS: old clicks deleted in the background. */
  retention?: RetentionOptions;
  /** DATABASE_REPLICA_URLS and REPLICA_MAX_LAG_S: where reads go (docs/api.md#read-replicas). */
  replicas?: { urls: readonly string[]; maxLagS: number };
  /** The click partitions' loops (tests set their clock and pace). */
  partitions?: Omit<ClickPartitionOptions, 'retentionDays' | 'log'>;
}

export async function createPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const log = options.log ?? logProblem;
  let health: DatabaseHealth | undefined;
  // An outage is told once, by the health (databaseHealth.ts), not by every part it breaks.
  const quiet = (message: string, error?: unknown) => {
    if (!health?.failed(error)) log(message, error);
  };
  // The listener's connection closing without an error is a sign of the same.
  const quietWhen = (error: unknown) => health?.failed(error ?? new DatabaseUnreachable()) ?? false;
  let pool: PgPool;
  try {
    pool = createPool(url, quiet);
  } catch (error) {
    // pg parses the URL when the pool is made.
    throw new Error(`DATABASE_URL is not a usable PostgreSQL URL: ${error instanceof Error ? error.message : error}`);
  }
  let feed: LinkChangeFeed;
  try {
    await pool.query('SELECT 1');
    await migrate(pool, undefined, { upgrade: options.upgrade, log: options.schemaLog });
    feed = await listenForLinkChanges(url, { log, quietWhen });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(describeConnectionError(error, url));
  }

  let closed = false;
  health = createDatabaseHealth({ ping: () => pool.query('SELECT 1').then(() => undefined), log: (line) => log(line) });
  const clickPool = createClickPool(url, quiet);
  const executor = createPostgresExecutor(pool);
  const reads: ReplicaReads = await readReplicas(pool, feed, options.replicas, quiet);
  const folding = foldInBackground(pool, quiet);
  const queueVacuum = vacuumQueueInBackground(pool, quiet);
  const statistics = refreshStatisticsInBackground(pool, quiet);
  const retention = options.retention
    ? deleteOldClicksInBackground(postgresOldClickDeleter(pool), { log: quiet, ...options.retention })
    : undefined;
  const partitions =
    options.upgrade === false
      ? undefined
      : await partitionClicksInBackground(pool, {
          now: options.retention?.now,
          ...options.partitions,
          retentionDays: options.retention?.days,
          log: quiet,
        });
  return {
    kind: 'postgres',
    pool,
    health,
    ...createStoreRepositories(executor, () => foldClicks(pool, READ_FOLD_LIMIT, true), {
      executor: createReadExecutor(pool, (work) => reads.route((target) => work(target))),
      fold: () => (reads.onReplica() ? undefined : foldClicks(pool, READ_FOLD_LIMIT, true)),
    }),
    clicks: createClickRepository(
      executor,
      postgresClickInserts(clickPool),
      CLICK_INSERT_CONNECTIONS,
      CLICK_BATCH_JOINS_AT,
    ),
    analytics: createAnalyticsQueries({ kind: 'postgres', pool, route: reads.route }),
    attempts: postgresAttemptStore(pool),
    onLinkChanged: (listener) => feed.subscribe(listener),
    onDomainsChanged: (listener) => feed.subscribeDomains(listener),
    broadcast: createStreamBroadcast(pool, (listener) => feed.subscribeEvents(listener)),
    replicas: reads.status,
    partitions,
    clickMove: () => partitions?.progress() ?? null,
    async keepSharedSecret(name, candidate) {
      await pool.query('INSERT INTO shared_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        candidate,
      ]);
      const { rows } = await pool.query<{ value: string }>('SELECT value FROM shared_secrets WHERE name = $1', [name]);
      return rows[0]!.value;
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      health.stop();
      await retention?.stop();
      await partitions?.stop();
      await folding.stop();
      await queueVacuum.stop();
      await statistics.stop();
      await reads.close();
      await feed.close();
      await Promise.all([pool.end(), clickPool.end()]);
    },
  };
}
