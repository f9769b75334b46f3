/**
 * The analytics side of a Store (../analyticsQueries.ts) on either engine: one panel per figure
 * (panels/), each with its SQLite and PostgreSQL variants side by side; this runner picks the
 * engine's. A panel that reads the rollups first has the pending clicks folded (at most
 * READ_FOLD_LIMIT, each engine's own fold), then reads: on SQLite synchronously on the store's
 * connection, on PostgreSQL inside one read-only REPEATABLE READ transaction, so every answer sees
 * one snapshot. The fold's state is the store's (SQLite: its RollupFolder; PostgreSQL: the queue
 * in the database). With read replicas (docs/api.md#read-replicas), a PostgreSQL panel reads where
 * `route` sends it; on a replica it folds nothing (a replica's read never writes): the primary's
 * background fold has folded what the replica shows.
 */
import type { AnalyticsQueries } from '../analyticsQueries';
import { type PgPool, readSnapshot } from '../postgres/database';
import type { ReadTarget } from '../postgres/replicas';
import { FOLD_CHUNK, foldClicks, READ_FOLD_LIMIT, unfoldedClicks } from '../postgres/rollups';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { SqliteDatabase } from '../sqlite/database';
import { clickPagePanel } from './panels/clickPage';
import { funnelPanel } from './panels/funnel';
import { linkStatsPanel } from './panels/linkStats';
import { livePanel } from './panels/live';
import type { Panel } from './panels/panel';
import { realtimePanel } from './panels/realtime';
import { repeatVisitorsPanel } from './panels/repeatVisitors';
import { ruleStatsPanel } from './panels/ruleStats';
import { summaryPanel } from './panels/summary';
import { variantStatsPanel } from './panels/variantStats';

export type AnalyticsEngine =
  | { kind: 'sqlite'; db: SqliteDatabase; folder: RollupFolder }
  | { kind: 'postgres'; pool: PgPool; route?: ReadTarget };

type Run = <Args extends unknown[], Result>(panel: Panel<Args, Result>) => (...args: Args) => Promise<Result>;

/**
 * A panel's statements are prepared at its first read, not when the store opens: a store that only
 * looks at a database a migration behind (`me check`) never prepares SQL naming columns it lacks.
 */
function sqliteRunner(db: SqliteDatabase, folder: RollupFolder): Run {
  return (panel) => {
    let read: ReturnType<typeof panel.sqlite> | undefined;
    return async (...args) => {
      if (panel.folds) folder.foldBeforeRead();
      read ??= panel.sqlite(db);
      return read(...args);
    };
  };
}

function postgresRunner(pool: PgPool, route: ReadTarget): Run {
  return (panel) =>
    (...args) =>
      route(async (target, onReplica) => {
        if (panel.folds && !onReplica) await foldClicks(pool, READ_FOLD_LIMIT, true);
        return readSnapshot(target, (db) => panel.postgres(db, ...args));
      });
}

/** Folds what is pending, in chunks, up to maxRows (default all); returns how many it took. */
async function postgresCatchUp(pool: PgPool, maxRows = Number.MAX_SAFE_INTEGER): Promise<number> {
  let total = 0;
  for (;;) {
    const folded = await foldClicks(pool, Math.min(FOLD_CHUNK, maxRows - total), true);
    total += folded;
    if (folded === 0 || total >= maxRows) return total;
  }
}

export function createAnalyticsQueries(engine: AnalyticsEngine): AnalyticsQueries {
  const run =
    engine.kind === 'sqlite'
      ? sqliteRunner(engine.db, engine.folder)
      : postgresRunner(engine.pool, engine.route ?? ((work) => work(engine.pool, false)));
  const folds =
    engine.kind === 'sqlite'
      ? {
          catchUp: async (maxRows?: number) => engine.folder.fold(maxRows),
          pending: async () => engine.folder.pending(),
        }
      : {
          catchUp: (maxRows?: number) => postgresCatchUp(engine.pool, maxRows),
          pending: () => unfoldedClicks(engine.pool),
        };
  return {
    ...folds,
    linkStats: run(linkStatsPanel),
    summary: run(summaryPanel),
    realtime: run(realtimePanel),
    live: run(livePanel),
    repeatVisitors: run(repeatVisitorsPanel),
    funnel: run(funnelPanel),
    clickPage: run(clickPagePanel),
    variantStats: run(variantStatsPanel),
    ruleStats: run(ruleStatsPanel),
  };
}
