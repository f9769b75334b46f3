/**
 * AnalyticsQueries on PostgreSQL: each panel reads the rollups the click insert keeps up to date
 * (rollups.ts), or the last minutes of clicks, inside one read-only REPEATABLE READ transaction,
 * so every answer sees one snapshot. The figures are those of the SQLite store's rollups, by the
 * same definitions.
 */
import { postgresFunnel } from '../analytics/funnel';
import { postgresLinkStats } from '../analytics/linkStats';
import { postgresLive } from '../analytics/live';
import { postgresRealtime } from '../analytics/realtime';
import { postgresRepeatVisitors } from '../analytics/repeatVisitors';
import { postgresSummary } from '../analytics/summary';
import type { AnalyticsQueries } from '../analyticsQueries';
import { type PgPool, readSnapshot } from './database';

export function createPostgresAnalytics(pool: PgPool): AnalyticsQueries {
  return {
    // Nothing to fold: every stored click is in the rollups already.
    catchUp: async () => 0,
    pending: async () => 0,
    linkStats: (linkId, options) => readSnapshot(pool, (db) => postgresLinkStats(db, linkId, options)),
    summary: (options) => readSnapshot(pool, (db) => postgresSummary(db, options)),
    realtime: (options) => readSnapshot(pool, (db) => postgresRealtime(db, options)),
    live: (options) => readSnapshot(pool, (db) => postgresLive(db, options)),
    repeatVisitors: (options) => readSnapshot(pool, (db) => postgresRepeatVisitors(db, options)),
    funnel: () => readSnapshot(pool, (db) => postgresFunnel(db)),
  };
}
