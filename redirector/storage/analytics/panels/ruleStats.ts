/**
 * One link's human clicks per redirect rule over a range (docs/api.md#redirect-rules), read the way
 * variantStats.ts reads a split's: SQLite through its link_clicks rollup, PostgreSQL through the
 * (link_id, clicked_at) index on clicks. Only links with rules are asked.
 */
import type { RuleRow } from '../../analyticsQueries';
import type { Dialect } from '../sql/dialect';
import { linkRangePanel, linkRangeRows } from './linkRangeRows';

function ruleSql(dialect: Dialect, linkIndex: string): string {
  const rows = linkRangeRows(linkIndex);
  return `SELECT c.rule AS rule, COUNT(*) AS clicks ${rows} AND ${dialect.human} AND c.rule IS NOT NULL GROUP BY c.rule`;
}

const numbers = (row: Record<string, unknown>): RuleRow => ({ rule: Number(row.rule), clicks: Number(row.clicks) });

export const ruleStatsPanel = linkRangePanel(ruleSql, numbers);
