/**
 * AnalyticsQueries on PostgreSQL. No rollups: each panel aggregates the raw clicks (bots left
 * out) inside one read-only REPEATABLE READ transaction, so every answer sees one snapshot.
 * The figures are those of the SQLite store's rollups, by the same definitions.
 */
import type { AnalyticsQueries } from '../../analyticsQueries';
import { type PgPool, readSnapshot } from '../database';
import { funnel } from './funnel';
import { linkStats } from './linkStats';
import { live } from './live';
import { realtime } from './realtime';
import { repeatVisitors } from './repeatVisitors';
import { summary } from './summary';

export function createPostgresAnalytics(pool: PgPool): AnalyticsQueries {
  return {
    // Nothing to fold: the queries read the clicks themselves.
    catchUp: async () => 0,
    pending: async () => 0,
    linkStats: (linkId, options) => readSnapshot(pool, (db) => linkStats(db, linkId, options)),
    summary: (options) => readSnapshot(pool, (db) => summary(db, options)),
    realtime: (options) => readSnapshot(pool, (db) => realtime(db, options)),
    live: (options) => readSnapshot(pool, (db) => live(db, options)),
    repeatVisitors: (options) => readSnapshot(pool, (db) => repeatVisitors(db, options)),
    funnel: () => readSnapshot(pool, (db) => funnel(db)),
  };
}
