/**
 * One link's human clicks per redirect rule over a range (docs/api.md#redirect-rules), read the way
 * variantStats.ts reads a split's: SQLite through its link_clicks rollup, PostgreSQL through the
 * (link_id, clicked_at) index on clicks. Only links with rules are asked.
 */
import type { RuleRow, TimeRange } from '../../analyticsQueries';
import type { Queryable } from '../../postgres/database';
import type { SqliteDatabase } from '../../sqlite/database';
import { type Dialect, POSTGRES_DIALECT, positional, SQLITE_DIALECT } from '../sql/dialect';
import { linkRangeParams, linkRangeRows } from './linkRangeRows';
import type { Panel } from './panel';

function ruleSql(dialect: Dialect, linkIndex: string): string {
  const rows = linkRangeRows(linkIndex);
  return `SELECT c.rule AS rule, COUNT(*) AS clicks ${rows} AND ${dialect.human} AND c.rule IS NOT NULL GROUP BY c.rule`;
}

const SQLITE_SQL = ruleSql(SQLITE_DIALECT, 'link_clicks');
const POSTGRES_SQL = ruleSql(POSTGRES_DIALECT, 'clicks');

const params = linkRangeParams;

const numbers = (row: Record<string, unknown>): RuleRow => ({ rule: Number(row.rule), clicks: Number(row.clicks) });

export const ruleStatsPanel: Panel<[linkId: number, range: TimeRange | undefined], RuleRow[]> = {
  folds: true,
  sqlite(db: SqliteDatabase) {
    const statement = db.prepare(SQLITE_SQL);
    return (linkId, range) => (statement.all(params(linkId, range)) as Record<string, unknown>[]).map(numbers);
  },
  async postgres(db: Queryable, linkId, range) {
    return (await db.query(positional(POSTGRES_SQL, params(linkId, range)))).rows.map(numbers);
  },
};
