/**
 * AnalyticsQueries on PostgreSQL: each panel folds the queued clicks (rollups.ts), then reads the
 * rollups, or the last minutes of clicks, inside one read-only REPEATABLE READ transaction, so
 * every answer sees one snapshot. The figures are those of the SQLite store's rollups, by the
 * same definitions.
 */
import { postgresFunnel } from '../analytics/funnel';
import { postgresLinkStats } from '../analytics/linkStats';
import { postgresLive } from '../analytics/live';
import {
  postgresClickPage,
  postgresRangeFunnel,
  postgresRangeLink,
  postgresRangeRepeatVisitors,
  postgresRangeSummary,
} from '../analytics/ranges';
import { postgresRealtime } from '../analytics/realtime';
import { postgresRepeatVisitors } from '../analytics/repeatVisitors';
import { postgresSummary } from '../analytics/summary';
import type { AnalyticsQueries } from '../analyticsQueries';
import { type PgClient, type PgPool, readSnapshot } from './database';
import { FOLD_CHUNK, foldClicks, READ_FOLD_LIMIT, unfoldedClicks } from './rollups';

/** Folds what is queued (up to READ_FOLD_LIMIT), then reads one snapshot. */
export function foldThenRead<T>(pool: PgPool, work: (client: PgClient) => Promise<T>): Promise<T> {
  return foldClicks(pool, READ_FOLD_LIMIT, true).then(() => readSnapshot(pool, work));
}

export function createPostgresAnalytics(pool: PgPool): AnalyticsQueries {
  return {
    async catchUp(maxRows = Number.MAX_SAFE_INTEGER) {
      let total = 0;
      for (;;) {
        const folded = await foldClicks(pool, Math.min(FOLD_CHUNK, maxRows - total), true);
        total += folded;
        if (folded === 0 || total >= maxRows) return total;
      }
    },
    pending: () => unfoldedClicks(pool),
    linkStats: (linkId, options) =>
      foldThenRead(pool, (db) => {
        const range = options.range;
        return postgresLinkStats(
          db,
          linkId,
          options,
          range && (() => postgresRangeLink(db, linkId, range, options.recentClicks)),
        );
      }),
    summary: (options) =>
      foldThenRead(pool, async (db) => {
        const data = await postgresSummary(db, options);
        return options.range ? { ...data, ...(await postgresRangeSummary(db, options.range)) } : data;
      }),
    realtime: (options) => readSnapshot(pool, (db) => postgresRealtime(db, options)),
    live: (options) => readSnapshot(pool, (db) => postgresLive(db, options)),
    repeatVisitors: (options) =>
      foldThenRead(pool, (db) =>
        options.range ? postgresRangeRepeatVisitors(db, options.range, options) : postgresRepeatVisitors(db, options),
      ),
    funnel: (range) => foldThenRead(pool, (db) => (range ? postgresRangeFunnel(db, range) : postgresFunnel(db))),
    clickPage: (linkId, options) => foldThenRead(pool, (db) => postgresClickPage(db, linkId, options)),
  };
}
