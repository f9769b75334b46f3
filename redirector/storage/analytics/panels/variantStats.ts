/**
 * One split link's clicks and distinct visitors per variant over a range (docs/api.md#split-traffic):
 * SQLite through its link_clicks rollup (link_id, clicked_at, id), PostgreSQL through the
 * (link_id, clicked_at) index on clicks. Only links with variants are asked.
 */
import type { VariantRow } from '../../analyticsQueries';
import type { Dialect } from '../sql/dialect';
import { linkRangePanel, linkRangeRows } from './linkRangeRows';

function variantSql(dialect: Dialect, linkIndex: string): string {
  const rows = linkRangeRows(linkIndex);
  return `SELECT c.variant AS variant, COUNT(*) AS clicks, COUNT(DISTINCT ${dialect.visitor}) AS unique_visitors
    ${rows} AND ${dialect.human} AND c.variant IS NOT NULL GROUP BY c.variant`;
}

const numbers = (row: Record<string, unknown>): VariantRow => ({
  variant: Number(row.variant),
  clicks: Number(row.clicks),
  unique_visitors: Number(row.unique_visitors),
});

export const variantStatsPanel = linkRangePanel(variantSql, numbers);
