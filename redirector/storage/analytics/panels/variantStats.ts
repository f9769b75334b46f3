/**
 * One split link's clicks and distinct visitors per variant over a range (docs/api.md#split-traffic):
 * SQLite through its link_clicks rollup (link_id, clicked_at, id), PostgreSQL through the
 * (link_id, clicked_at) index on clicks. Only links with variants are asked.
 */
import type { TimeRange, VariantRow } from '../../analyticsQueries';
import type { Queryable } from '../../postgres/database';
import type { SqliteDatabase } from '../../sqlite/database';
import { type Dialect, POSTGRES_DIALECT, positional, SQLITE_DIALECT } from '../sql/dialect';
import { linkRangeParams, linkRangeRows } from './linkRangeRows';
import type { Panel } from './panel';

function variantSql(dialect: Dialect, linkIndex: string): string {
  const rows = linkRangeRows(linkIndex);
  return `SELECT c.variant AS variant, COUNT(*) AS clicks, COUNT(DISTINCT ${dialect.visitor}) AS unique_visitors
    ${rows} AND ${dialect.human} AND c.variant IS NOT NULL GROUP BY c.variant`;
}

const SQLITE_SQL = variantSql(SQLITE_DIALECT, 'link_clicks');
const POSTGRES_SQL = variantSql(POSTGRES_DIALECT, 'clicks');

const params = linkRangeParams;

const numbers = (row: Record<string, unknown>): VariantRow => ({
  variant: Number(row.variant),
  clicks: Number(row.clicks),
  unique_visitors: Number(row.unique_visitors),
});

export const variantStatsPanel: Panel<[linkId: number, range: TimeRange | undefined], VariantRow[]> = {
  folds: true,
  sqlite(db: SqliteDatabase) {
    const statement = db.prepare(SQLITE_SQL);
    return (linkId, range) => (statement.all(params(linkId, range)) as Record<string, unknown>[]).map(numbers);
  },
  async postgres(db: Queryable, linkId, range) {
    return (await db.query(positional(POSTGRES_SQL, params(linkId, range)))).rows.map(numbers);
  },
};
