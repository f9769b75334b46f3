/**
 * The rows of one link's clicks over a range, for the per-link panels grouped by a click column
 * (variantStats.ts, ruleStats.ts): SQLite through its link_clicks rollup (link_id, clicked_at, id),
 * PostgreSQL through the (link_id, clicked_at) index on clicks. Parameters `@link`, `@start`, `@end`.
 */
import type { TimeRange } from '../../analyticsQueries';
import type { Queryable } from '../../postgres/database';
import type { SqliteDatabase } from '../../sqlite/database';
import { type Dialect, POSTGRES_DIALECT, positional, SQLITE_DIALECT } from '../sql/dialect';
import type { Panel } from './panel';

const ALL_TIME: TimeRange = { start: Number.MIN_SAFE_INTEGER, end: Number.MAX_SAFE_INTEGER };

/** `FROM … WHERE …` over the link's clicks in the range, as `c`; `linkIndex` 'clicks' reads the table itself. */
export function linkRangeRows(linkIndex: string): string {
  return linkIndex === 'clicks'
    ? 'FROM clicks c WHERE c.link_id = @link AND c.clicked_at >= @start AND c.clicked_at < @end'
    : `FROM ${linkIndex} i JOIN clicks c ON c.id = i.id
         WHERE i.link_id = @link AND i.clicked_at >= @start AND i.clicked_at < @end`;
}

/** The named parameters of linkRangeRows; no range: all time. */
export const linkRangeParams = (linkId: number, range: TimeRange | undefined) => ({
  link: linkId,
  ...(range ?? ALL_TIME),
});

/** A per-link panel over a range: `sql` written for each engine's index (linkRangeRows), each row read by `toRow`. */
export function linkRangePanel<Row>(
  sql: (dialect: Dialect, linkIndex: string) => string,
  toRow: (row: Record<string, unknown>) => Row,
): Panel<[linkId: number, range: TimeRange | undefined], Row[]> {
  const sqliteSql = sql(SQLITE_DIALECT, 'link_clicks');
  const postgresSql = sql(POSTGRES_DIALECT, 'clicks');
  return {
    folds: true,
    sqlite(db: SqliteDatabase) {
      const statement = db.prepare(sqliteSql);
      return (linkId, range) =>
        (statement.all(linkRangeParams(linkId, range)) as Record<string, unknown>[]).map((row) => toRow(row));
    },
    async postgres(db: Queryable, linkId, range) {
      return (await db.query(positional(postgresSql, linkRangeParams(linkId, range)))).rows.map((row) => toRow(row));
    },
  };
}
