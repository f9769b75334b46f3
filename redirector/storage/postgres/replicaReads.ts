/**
 * Where the store's reads go (docs/api.md#read-replicas): a healthy replica (replicas.ts), unless
 * the request's caller wrote within the last 5 s (observability/callerWrites.ts), whose reads go
 * to the primary so that it reads its own write at once. A write noted on this instance is told
 * to every instance on the `caller_writes` channel (linkChanges.ts), and the others' are heard.
 */
import type { ReplicaHealth } from '../../contract/health';
import { callerWroteRecently, heardWrite, onNotedWrite, trackCallers } from '../../observability/callerWrites';
import type { PgPool } from './database';
import { CALLER_WRITES_CHANNEL, type LinkChangeFeed } from './linkChanges';
import { createReplicaSet, type ReadTarget } from './replicas';

export interface ReplicaReads {
  route: ReadTarget;
  /** Whether a read now would go to a replica. */
  onReplica(): boolean;
  status(): ReplicaHealth[];
  close(): Promise<void>;
}

export async function readReplicas(
  pool: PgPool,
  feed: LinkChangeFeed,
  options: { urls: readonly string[]; maxLagS: number } | undefined,
  log: (message: string, error?: unknown) => void,
): Promise<ReplicaReads> {
  if (!options || options.urls.length === 0) {
    return {
      route: (work) => work(pool, false),
      onReplica: () => false,
      status: () => [],
      close: async () => undefined,
    };
  }
  const replicas = createReplicaSet(pool, options.urls, { maxLagS: options.maxLagS, log });
  // Checked before the first read: a replica down from the start is never tried.
  await replicas.checkNow();
  const stopTelling = onNotedWrite((caller) =>
    pool
      .query(`SELECT pg_notify('${CALLER_WRITES_CHANNEL}', current_schema() || '/' || $1)`, [caller])
      .then(() => undefined),
  );
  const stopHearing = feed.subscribeWrites((caller) => heardWrite(caller));
  const stopTracking = trackCallers();
  return {
    route: (work) => replicas.read(work, callerWroteRecently()),
    onReplica: () => !callerWroteRecently() && replicas.hasHealthy(),
    status: () => replicas.status(),
    async close() {
      stopTelling();
      stopHearing();
      stopTracking();
      await replicas.close();
    },
  };
}
