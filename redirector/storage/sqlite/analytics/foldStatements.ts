/**
 * The SQL of SQLite's fold (rollups.ts, which runs it chunk by chunk): the statements that add a
 * chunk of human clicks (the visitor in ip_address) to every rollup. The day rollups' statements
 * also filled those tables in their migration (schema.ts "analytics by day").
 */
import { DAY_DIMENSIONS, DAY_MS, dayReturnMovesSql, SQLITE_VISITOR } from '../../analytics/sql/days';
import { linkDayReturnMovesSql, newLinkVisitorDaysSql } from '../../analytics/sql/linkDayReturns';
import { visitorRepeatsSql } from '../../analytics/sql/rangeRepeatVisitors';

/**
 * The chunk's clicks per link, UTC day, dimension and value (DAY_DIMENSIONS), counted once per
 * fold into this scratch table: link_day_dimensions, day_dimensions and link_dimensions all add
 * from it instead of each expanding every click into its dimensions again (the fold's costliest
 * work: about 40 % of it at 10,000,000 clicks).
 */
const CHUNK_DIMENSIONS_SQL = `CREATE TEMP TABLE IF NOT EXISTS fold_dimensions (
  link_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  clicks INTEGER NOT NULL
)`;

/**
 * The chunk's (visitor, day) pairs, and those of them new to visitor_days (day_returns' moves).
 * The new ones are found from the chunk's pairs, each looked up in visitor_days by its key: CROSS
 * JOIN keeps that order, which SQLite's planner otherwise turned round (a scan of visitor_days per
 * fold, so a fold of 10 clicks cost more with every visitor of the day: 3.9 ms at 80,000).
 */
const CHUNK_VISITOR_DAYS_SQL = `CREATE TEMP TABLE IF NOT EXISTS fold_visitor_days (
  visitor TEXT NOT NULL,
  day INTEGER NOT NULL,
  n INTEGER NOT NULL,
  last INTEGER NOT NULL,
  PRIMARY KEY (visitor, day)
) WITHOUT ROWID;
CREATE TEMP TABLE IF NOT EXISTS fold_new_visitor_days (
  visitor TEXT NOT NULL,
  day INTEGER NOT NULL,
  PRIMARY KEY (visitor, day)
) WITHOUT ROWID`;

function chunkDimensionsStatements(source: string): string[] {
  const each = DAY_DIMENSIONS.map(
    ([name, value]) => `SELECT c.link_id, c.clicked_at / ${DAY_MS}, '${name}', ${value}, COUNT(*) FROM ${source} c
       WHERE ${value} IS NOT NULL GROUP BY 1, 2, 4`,
  );
  return ['DELETE FROM temp.fold_dimensions', `INSERT INTO temp.fold_dimensions ${each.join(' UNION ALL ')}`];
}

/** The statements that add the clicks of `source` (human clicks only) to the day rollups. */
export function sqliteDayFoldStatements(source: string): string[] {
  return [
    `INSERT INTO link_day_dimensions (link_id, day, dimension, value, clicks)
     SELECT link_id, day, dimension, value, clicks FROM temp.fold_dimensions WHERE true
     ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks`,
    `INSERT INTO link_day_visitors (link_id, day, visitor, country, city, clicks, last_clicked_at)
     SELECT c.link_id, c.clicked_at / ${DAY_MS}, c.${SQLITE_VISITOR}, c.country, COALESCE(c.city, ''), COUNT(*),
            MAX(c.clicked_at)
     FROM ${source} c WHERE true GROUP BY 1, 2, 3, 4, 5
     ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks,
       last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at)`,
    `INSERT INTO link_clicks (link_id, clicked_at, id) SELECT c.link_id, c.clicked_at, c.id FROM ${source} c ORDER BY 1, 2, 3`,
  ];
}

/**
 * The statements that add the clicks of `source` (human clicks, the visitor in ip_address) to the
 * service's day rollups. Rows of day_returns left at 0 stay: they add nothing to a sum.
 */
export function sqliteServiceDayFoldStatements(source: string): string[] {
  return [
    `INSERT INTO day_dimensions (day, dimension, value, clicks)
     SELECT day, dimension, value, SUM(clicks) FROM temp.fold_dimensions WHERE true GROUP BY 1, 2, 3
     ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks`,
    'DELETE FROM temp.fold_visitor_days',
    `INSERT INTO temp.fold_visitor_days (visitor, day, n, last)
     SELECT c.${SQLITE_VISITOR}, c.clicked_at / ${DAY_MS}, COUNT(*), MAX(c.clicked_at) FROM ${source} c GROUP BY 1, 2`,
    // Run after `visitors` has counted the chunk (rollups.ts): the mark of a visitor counted twice.
    `INSERT INTO visitor_days (visitor, day, clicks, last_clicked_at, repeats)
     SELECT visitor, day, n, last, ${visitorRepeatsSql('visitor')} FROM temp.fold_visitor_days WHERE true
     ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks,
       last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at), repeats = repeats OR excluded.repeats`,
    // The pairs the upsert above just created: their stored clicks are the chunk's.
    'DELETE FROM temp.fold_new_visitor_days',
    `INSERT INTO temp.fold_new_visitor_days (visitor, day)
     SELECT p.visitor, p.day FROM temp.fold_visitor_days p
     CROSS JOIN visitor_days v ON v.visitor = p.visitor AND v.day = p.day WHERE v.clicks = p.n`,
    dayReturnMovesSql('SELECT visitor, day FROM temp.fold_new_visitor_days', 1),
  ];
}

/** The fold's scratch tables besides the chunk (temp_store is MEMORY), made once per connection. */
export const FOLD_SCRATCH_TABLES_SQL = `${CHUNK_DIMENSIONS_SQL}; ${CHUNK_VISITOR_DAYS_SQL};`;

/**
 * The fold's scratch table of the (link, visitor, day) rows a chunk adds to link_day_visitors
 * (temp_store is MEMORY), made once per connection.
 */
export const NEW_LINK_DAYS_TABLE_SQL = `CREATE TEMP TABLE IF NOT EXISTS fold_link_days (
  link_id INTEGER NOT NULL,
  visitor TEXT NOT NULL,
  day INTEGER NOT NULL,
  PRIMARY KEY (link_id, visitor, day)
) WITHOUT ROWID`;

/**
 * The statements that move link_day_returns once the clicks of `source` are in link_day_visitors.
 * The chunk's visitors' days are read by the (link_id, visitor, day) index, named: without
 * statistics SQLite's planner read every row of the link by the primary key instead, so each small
 * fold cost more with every visitor of the link (1.9 ms at 80,000 clicks on 50 links), which the
 * soak showed as CPU per request rising minute by minute.
 */
export function sqliteLinkReturnFoldStatements(source: string): string[] {
  return [
    'DELETE FROM temp.fold_link_days',
    `INSERT INTO temp.fold_link_days (link_id, visitor, day) ${newLinkVisitorDaysSql(source)}`,
    linkDayReturnMovesSql('temp.fold_link_days', 'holds added', 'INDEXED BY link_day_visitors_link_visitor'),
  ];
}

/** The dimensions link_dimensions counts (all time): the day dimensions but the funnel's. */
const LINK_DIMENSIONS = ['device_type', 'country', 'browser', 'os', 'referrer', 'device_info', 'blocked_country'];

/**
 * Every statement of a fold, in order, over `source` (the chunk's human clicks, the visitor in
 * ip_address): the all-time rollups, then the day rollups, link_day_returns and the service's
 * days, then the latest clicks.
 */
export function sqliteFoldStatements(source: string): string[] {
  return [
    ...chunkDimensionsStatements(source),
    `
      INSERT INTO link_totals (link_id, clicks, visitors, blocked, instagram_exits, engaged, recent_rows)
      SELECT c.link_id, COUNT(*), 0, SUM(c.blocked), SUM(c.instagram_exit),
             SUM(c.referrer_source IS NOT NULL OR c.instagram_exit = 1), COUNT(*)
      FROM ${source} c GROUP BY c.link_id
      ON CONFLICT (link_id) DO UPDATE SET
        clicks = clicks + excluded.clicks, blocked = blocked + excluded.blocked,
        instagram_exits = instagram_exits + excluded.instagram_exits, engaged = engaged + excluded.engaged,
        recent_rows = recent_rows + excluded.recent_rows`,
    // Before link_visitors learns this chunk's addresses: which are new to their link.
    `
      UPDATE link_totals SET visitors = visitors + fresh.n FROM (
        SELECT p.link_id, COUNT(*) AS n
        FROM (SELECT DISTINCT c.link_id, c.ip_address FROM ${source} c) p
        WHERE NOT EXISTS (SELECT 1 FROM link_visitors v WHERE v.link_id = p.link_id AND v.ip_address = p.ip_address)
        GROUP BY p.link_id
      ) AS fresh
      WHERE link_totals.link_id = fresh.link_id`,
    `
      INSERT INTO link_dimensions (link_id, dimension, value, clicks)
      SELECT link_id, dimension, value, SUM(clicks) FROM temp.fold_dimensions
      WHERE dimension IN (${LINK_DIMENSIONS.map((name) => `'${name}'`).join(', ')}) GROUP BY 1, 2, 3
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks`,
    `
      INSERT INTO link_quarter_hours (link_id, quarter_hour, clicks)
      SELECT c.link_id, c.clicked_at / 900000, COUNT(*) FROM ${source} c GROUP BY 1, 2
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks`,
    `
      INSERT INTO link_visitors (link_id, ip_address, country, city, clicks, last_clicked_at)
      SELECT c.link_id, c.ip_address, c.country, COALESCE(c.city, ''), COUNT(*), MAX(c.clicked_at)
      FROM ${source} c GROUP BY 1, 2, 3, 4
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks,
        last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at)`,
    // Before visitors learns this chunk: each address moves from its old visit count to the new one.
    `
      INSERT INTO visit_frequency (visits, visitors)
      SELECT visits, SUM(change) FROM (
        SELECT v.clicks AS visits, -1 AS change
        FROM (SELECT ip_address, COUNT(*) AS n FROM ${source} GROUP BY ip_address) d
        JOIN visitors v ON v.ip_address = d.ip_address
        UNION ALL
        SELECT COALESCE(v.clicks, 0) + d.n AS visits, 1 AS change
        FROM (SELECT ip_address, COUNT(*) AS n FROM ${source} GROUP BY ip_address) d
        LEFT JOIN visitors v ON v.ip_address = d.ip_address
      ) WHERE true GROUP BY visits
      ON CONFLICT (visits) DO UPDATE SET visitors = visitors + excluded.visitors`,
    'DELETE FROM visit_frequency WHERE visitors <= 0',
    `
      INSERT INTO visitors (ip_address, clicks, last_clicked_at)
      SELECT c.ip_address, COUNT(*), MAX(c.clicked_at) FROM ${source} c GROUP BY 1
      ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks,
        last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at)`,
    ...sqliteDayFoldStatements(source),
    // After the day visitors: which of their (link, visitor, day) rows this chunk added.
    ...sqliteLinkReturnFoldStatements(source),
    ...sqliteServiceDayFoldStatements(source),
    `
      INSERT INTO link_recent_clicks (link_id, clicked_at, click_id)
      SELECT c.link_id, c.clicked_at, c.id FROM ${source} c ORDER BY 1, 2, 3`,
  ];
}
