/**
 * `npm run bench -- --replica` (docs/performance.md, docs/scaling.md): every analytics call of the
 * analytics phase read from a streaming replica (docs/api.md#read-replicas). A primary of the
 * bench's own is seeded (seed.ts, --clicks, default 10,000,000), a `pg_basebackup -R` standby is
 * made of it once the seed is folded, and Me starts with DATABASE_URL on the primary and
 * DATABASE_REPLICA_URLS on the standby. Each server's pg_stat_database, read before and after the
 * calls, says where the reads ran; /healthz says the replica was `ok` throughout.
 *
 * Both servers run with `fsync=off` (a bench's throwaway data: the seed's writes do not wait for
 * this VM's disk) and the same memory settings; they share the machine's CPUs with Me.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type AnalyticsTiming, benchAnalytics } from './analytics';
import {
  caughtUp,
  type OwnCluster,
  ownClusterAvailable,
  type ServerReads,
  serverReads,
  startOwnCluster,
  startOwnStandby,
} from './ownCluster';
import type { CorePlan, RunningServer } from './processes';
import { startProduct } from './processes';
import { seedWithProgress } from './seed';

const SETTINGS = ['fsync=off', 'shared_buffers=256MB', 'max_wal_size=4GB', 'checkpoint_timeout=30min'];
/** PostgreSQL 15 writes a backend's counts to pg_stat_database within 10 s of its going idle. */
const STATS_FLUSH_MS = 11_000;

export interface ReplicaFigures {
  clicks: number;
  seedMs: number;
  /** pg_basebackup of the seeded primary, and the standby's start. */
  standbyMs: number;
  timings: AnalyticsTiming[];
  /** What each server did while the calls ran (deltas of pg_stat_database). */
  primary: ServerReads;
  standby: ServerReads;
  /** The replica's state in /healthz before and after the calls. */
  replicaStates: string[];
}

export interface ReplicaBenchOptions {
  clicks: number;
  quick: boolean;
  dir: string;
  cores: CorePlan;
  progress: (message: string) => void;
  /** Each started server, so the bench's shutdown stops it (and stopServer forgets it). */
  track: (server: RunningServer) => void;
  stopServer: (server: RunningServer) => Promise<unknown>;
}

const clusters = new Set<OwnCluster>();

/** Stops the bench's own clusters (the shutdown calls it too). */
export function stopReplicaClusters(): void {
  for (const cluster of [...clusters].reverse()) {
    clusters.delete(cluster);
    try {
      cluster.stop();
    } catch {
      // Already stopped.
    }
  }
}

async function replicaState(url: string): Promise<string> {
  const body = (await (await fetch(`${url}/healthz`)).json()) as { replicas?: { state: string }[] };
  return body.replicas?.map((replica) => replica.state).join(',') ?? 'none';
}

/** The last lines of a server's log file. */
function logTail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch (error) {
    return `(not readable: ${(error as Error).message})`;
  }
}

const minus = (after: ServerReads, before: ServerReads): ServerReads => ({
  transactions: after.transactions - before.transactions,
  rows: after.rows - before.rows,
});

export async function benchReplica(options: ReplicaBenchOptions): Promise<ReplicaFigures> {
  if (!ownClusterAvailable()) throw new Error('--replica needs PostgreSQL server binaries (initdb, pg_basebackup)');
  const { progress } = options;
  const primary = await startOwnCluster('primary', SETTINGS);
  clusters.add(primary);
  progress(`primary on port ${primary.port}; seeding ${options.clicks.toLocaleString('en-US')} clicks`);
  const seeded = await seedWithProgress({
    file: path.join(options.dir, 'unused.sqlite'),
    databaseUrl: primary.url,
    clicks: options.clicks,
    quick: options.quick,
    progress,
    everyMs: 10_000,
  });
  progress('making the standby (pg_basebackup -R)');
  const standbyStarted = Date.now();
  const standby = await startOwnStandby(primary, 'standby', SETTINGS);
  clusters.add(standby);
  await caughtUp(primary.url, standby.url);
  const standbyMs = Date.now() - standbyStarted;

  const dataDir = path.join(options.dir, 'replica-me');
  fs.mkdirSync(dataDir);
  const adminKey = crypto.randomBytes(18).toString('base64url');
  const product = await startProduct({
    dataDir,
    databaseUrl: primary.url,
    adminKey,
    cpu: options.cores.serverCpu,
    env: { DATABASE_REPLICA_URLS: standby.url },
  });
  options.track(product);
  /** What Me and both servers said around a failure, a second later (their logs lag the answer). */
  const sayLogs = async (what: string) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    progress(`${what}; Me's log (its last 20 KB):\n${product.output()}`);
    for (const cluster of [primary, standby]) progress(`${cluster.name}'s log, its end:\n${logTail(cluster.logFile)}`);
  };
  try {
    const replicaStates = [await replicaState(product.url)];
    const before = { primary: await serverReads(primary.url), standby: await serverReads(standby.url) };
    progress('timing the analytics calls, read from the standby');
    const timings = await benchAnalytics({
      baseUrl: product.url,
      adminKey,
      ...seeded.analyticsTarget,
      runs: options.quick ? 3 : 7,
      // The calls go on after a failed one.
      onFailure: (call) => sayLogs(`${call} failed`),
    });
    replicaStates.push(await replicaState(product.url));
    await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
    return {
      clicks: seeded.clicks,
      seedMs: seeded.ms,
      standbyMs,
      timings,
      primary: minus(await serverReads(primary.url), before.primary),
      standby: minus(await serverReads(standby.url), before.standby),
      replicaStates,
    };
  } catch (error) {
    // A failed step says little on its own (docs/scaling.md's failed run).
    await sayLogs(`the replica bench failed: ${(error as Error).message}`);
    throw error;
  } finally {
    await options.stopServer(product);
    stopReplicaClusters();
  }
}

/** The figures as the console's lines. */
export function replicaLines(figures: ReplicaFigures, table: string): string[] {
  const count = (n: number) => n.toLocaleString('en-US');
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return [
    `Analytics read from a streaming replica: ${count(figures.clicks)} clicks on the primary ` +
      `(seeded in ${seconds(figures.seedMs)} s; standby made and caught up in ${seconds(figures.standbyMs)} s)`,
    ...table.split('\n').map((line) => `  ${line}`),
    `  during the calls: standby ${count(figures.standby.transactions)} transactions, ${count(figures.standby.rows)} rows read;` +
      ` primary ${count(figures.primary.transactions)} transactions, ${count(figures.primary.rows)} rows read`,
    `  replica state in /healthz before and after the calls: ${figures.replicaStates.join(' → ')}`,
  ];
}
