/**
 * One link's distinct visitors over a date range without reading every visitor of its days.
 *
 * `link_day_returns` is, per link, what `day_returns` is for the service (days.ts): each
 * (link, visitor, UTC day) of link_day_visitors is counted under that day and the visitor's
 * previous day with that link (-1: none). A visitor seen on the range's whole days [d1, d2) is
 * counted once, on their first day in it, the only one whose previous day is before d1; so those
 * visitors are SUM(visitors) over the range's days with previous_day < d1: at most a row per day
 * and earlier day, against one row per visitor and day (about 50,000 for the busiest link of the
 * bench over 30 days). The partial days at the range's ends add their visitors who have no whole
 * day in it, looked up by the (link_id, visitor, day) index that also keeps the chains.
 *
 * The fold keeps it: the (link, visitor, day) rows a chunk adds to link_day_visitors move their
 * visitors' chains (linkDayReturnMovesSql). Deleting a link takes its rows by cascade; deleting
 * old clicks never touches a rollup.
 */
import { DAY_MS } from './days';
import type { Dialect } from './dialect';
import { edgeClicksSql } from './rangeFragments';

/**
 * The (link_id, visitor, day) rows of `source` (human clicks aliased c, the visitor in
 * ip_address) that are new to link_day_visitors, read after the chunk's upsert: those whose
 * stored clicks (over every place) are the chunk's own.
 */
export function newLinkVisitorDaysSql(source: string): string {
  return `SELECT p.link_id, p.visitor, p.day FROM (
      SELECT c.link_id AS link_id, c.ip_address AS visitor, c.clicked_at / ${DAY_MS} AS day, COUNT(*) AS n
      FROM ${source} c GROUP BY 1, 2, 3
    ) p
    WHERE (SELECT SUM(v.clicks) FROM link_day_visitors v
           WHERE v.link_id = p.link_id AND v.day = p.day AND v.visitor = p.visitor) = p.n`;
}

/**
 * The moves of link_day_returns for the (link_id, visitor, day) rows of the relation `added`, new
 * to link_day_visitors: each of those visitors' chains of days with that link, counted with the
 * added days, and counted against without them. `stored`: whether link_day_visitors as this
 * statement reads it already holds the added days (SQLite: the fold's upsert ran before) or not
 * yet (PostgreSQL: the fold's statements all read the snapshot taken before it). Rows left at 0
 * stay: they add nothing to a sum. `visitorsIndex`: SQLite's `INDEXED BY` for the visitors' days
 * (sqlite/analytics/foldStatements.ts says why).
 */
export function linkDayReturnMovesSql(
  added: string,
  stored: 'holds added' | 'before added',
  visitorsIndex = '',
): string {
  const days = `SELECT DISTINCT v.link_id, v.visitor, v.day FROM link_day_visitors v ${visitorsIndex}
    WHERE (v.link_id, v.visitor) IN (SELECT a.link_id, a.visitor FROM ${added} a)`;
  const notAdded = `NOT EXISTS (SELECT 1 FROM ${added} a WHERE a.link_id = d.link_id AND a.visitor = d.visitor AND a.day = d.day)`;
  const withAdded =
    stored === 'holds added' ? days : `${days} UNION ALL SELECT a.link_id, a.visitor, a.day FROM ${added} a`;
  const withoutAdded = stored === 'holds added' ? `SELECT * FROM (${days}) d WHERE ${notAdded}` : days;
  const chain = (relation: string, change: number) => `SELECT d.link_id, d.day,
      COALESCE(LAG(d.day) OVER (PARTITION BY d.link_id, d.visitor ORDER BY d.day), -1) AS previous_day,
      ${change} AS change
    FROM (${relation}) d`;
  return `INSERT INTO link_day_returns (link_id, day, previous_day, visitors)
    SELECT link_id, day, previous_day, SUM(change) FROM (${chain(withAdded, 1)} UNION ALL ${chain(withoutAdded, -1)}) m
    WHERE true GROUP BY link_id, day, previous_day HAVING SUM(change) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (link_id, day, previous_day) DO UPDATE SET visitors = link_day_returns.visitors + excluded.visitors`;
}

/**
 * One link's distinct visitors over the range (rangeFragments.ts rangeParams; `linkIndex` as in
 * edgeClicksSql). Each partial-day visitor is one lookup in the (link_id, visitor, day) index: a
 * subquery with LIMIT, which PostgreSQL cannot turn into a join (without statistics it hashed
 * every visitor of the whole days instead, 50,000 for the bench's busiest link).
 */
export function linkRangeVisitorsSql(dialect: Dialect, linkIndex: string): string {
  const p = dialect.param;
  return `SELECT (SELECT ${dialect.sum('visitors')} FROM link_day_returns
      WHERE link_id = ${p('link')} AND day >= ${p('d1')} AND day < ${p('d2')} AND previous_day < ${p('d1')})
    + (SELECT COUNT(*) FROM (SELECT DISTINCT ${dialect.visitor} AS visitor FROM ${edgeClicksSql(dialect, linkIndex)}) e
      WHERE (SELECT 1 FROM link_day_visitors v WHERE v.link_id = ${p('link')} AND v.visitor = e.visitor
        AND v.day >= ${p('d1')} AND v.day < ${p('d2')} LIMIT 1) IS NULL)
    AS n`;
}
