/**
 * The rows of one link's clicks over a range, for the per-link panels grouped by a click column
 * (variantStats.ts, ruleStats.ts): SQLite through its link_clicks rollup (link_id, clicked_at, id),
 * PostgreSQL through the (link_id, clicked_at) index on clicks. Parameters `@link`, `@start`, `@end`.
 */
import type { TimeRange } from '../../analyticsQueries';

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
