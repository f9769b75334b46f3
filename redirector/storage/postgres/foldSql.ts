/**
 * The SQL text of PostgreSQL's fold (rollups.ts): one statement of CTEs that takes a chunk of the
 * queue and adds its human clicks to every rollup. The migrations that filled the rollups
 * (storage/migrations/postgres/) used the same CTEs over the clicks already stored.
 */
import { DAY_MS, dimensionRowsSql, POSTGRES_VISITOR } from '../analytics/sql/days';
import { linkDayReturnMovesSql } from '../analytics/sql/linkDayReturns';
import { visitorRepeatsSql } from '../analytics/sql/rangeRepeatVisitors';
import { visitorIdentitySql } from '../visitorIdentity';

/**
 * The time-keyed rollups (per link and UTC day) that answer a date range
 * (../analytics/sql/days.ts), as CTEs over the relation `human`.
 */
export const DAY_CTES = `
  day_dimensions AS (
    INSERT INTO link_day_dimensions AS dd (link_id, day, dimension, value, clicks)
    SELECT link_id, day, dimension, value, COUNT(*) FROM (${dimensionRowsSql('human c')}) x
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (link_id, day, dimension, value) DO UPDATE SET clicks = dd.clicks + excluded.clicks
  ),
  day_visitors AS (
    INSERT INTO link_day_visitors AS dv (link_id, day, visitor, country, city, clicks, last_clicked_at)
    SELECT h.link_id, h.clicked_at / ${DAY_MS}, h.${POSTGRES_VISITOR}, h.country, COALESCE(h.city, ''), COUNT(*),
           MAX(h.clicked_at)
    FROM human h GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (link_id, day, visitor, country, city) DO UPDATE SET clicks = dv.clicks + excluded.clicks,
      last_clicked_at = GREATEST(dv.last_clicked_at, excluded.last_clicked_at)
  )`;

/** The service-wide day rollups (../analytics/sql/days.ts); only added up, so concurrent folds agree. */
const SERVICE_DAY_CTES = `
  service_day_dimensions AS (
    INSERT INTO day_dimensions AS sd (day, dimension, value, clicks)
    SELECT day, dimension, value, COUNT(*) FROM (${dimensionRowsSql('human c')}) x
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, dimension, value) DO UPDATE SET clicks = sd.clicks + excluded.clicks
  ),
  -- The mark as the statement's snapshot of visitors has it: a visitor counted twice by this
  -- very fold has all their rows marked by the trigger on visitors (the migration "ranged repeat visitors", storage/migrations/postgres/).
  service_visitor_days AS (
    INSERT INTO visitor_days AS vd (visitor, day, clicks, last_clicked_at, repeats)
    SELECT h.${POSTGRES_VISITOR}, h.clicked_at / ${DAY_MS}, COUNT(*), MAX(h.clicked_at),
           ${visitorRepeatsSql(`h.${POSTGRES_VISITOR}`)}
    FROM human h GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (visitor, day) DO UPDATE SET clicks = vd.clicks + excluded.clicks,
      last_clicked_at = GREATEST(vd.last_clicked_at, excluded.last_clicked_at), repeats = vd.repeats OR excluded.repeats
  )`;

/**
 * link_day_returns (../analytics/sql/linkDayReturns.ts): the (link, visitor, day) rows new to
 * link_day_visitors, read from the statement's snapshot (day_visitors above adds them only for
 * what comes after), and the moves of those visitors' chains of days. Folds take turns
 * (foldClicks), so that snapshot holds every earlier fold's days.
 */
const LINK_RETURN_CTES = `
  new_link_days AS (
    SELECT DISTINCT h.link_id, h.${POSTGRES_VISITOR} AS visitor, h.clicked_at / ${DAY_MS} AS day FROM human h
    WHERE NOT EXISTS (SELECT 1 FROM link_day_visitors v
                      WHERE v.link_id = h.link_id AND v.day = h.clicked_at / ${DAY_MS} AND v.visitor = h.${POSTGRES_VISITOR})
  ),
  link_returns AS (
    ${linkDayReturnMovesSql('new_link_days', 'before added')}
  )`;

/** Every rollup upsert of the human clicks in the relation `human` (bots are never counted). */
const ROLLUP_CTES = `
  pairs AS (
    SELECT h.link_id, h.ip_address, COUNT(*) AS n FROM human h GROUP BY 1, 2
  ),
  link_visits AS (
    INSERT INTO link_visitors AS v (link_id, ip_address, clicks)
    SELECT link_id, ip_address, n FROM pairs ORDER BY 1, 2
    ON CONFLICT (link_id, ip_address) DO UPDATE SET clicks = v.clicks + excluded.clicks
    RETURNING v.link_id, v.ip_address, v.clicks
  ),
  new_visitors AS (
    SELECT lv.link_id, COUNT(*) AS n
    FROM link_visits lv JOIN pairs p ON p.link_id = lv.link_id AND p.ip_address = lv.ip_address
    WHERE lv.clicks = p.n GROUP BY 1
  ),
  totals AS (
    INSERT INTO link_totals AS t (link_id, clicks, visitors, blocked, instagram_exits, engaged)
    SELECT h.link_id, COUNT(*), COALESCE(MAX(nv.n), 0), COUNT(*) FILTER (WHERE h.blocked),
           COUNT(*) FILTER (WHERE h.instagram_exit),
           COUNT(*) FILTER (WHERE h.referrer_source IS NOT NULL OR h.instagram_exit)
    FROM human h LEFT JOIN new_visitors nv ON nv.link_id = h.link_id
    GROUP BY h.link_id ORDER BY 1
    ON CONFLICT (link_id) DO UPDATE SET clicks = t.clicks + excluded.clicks, visitors = t.visitors + excluded.visitors,
      blocked = t.blocked + excluded.blocked, instagram_exits = t.instagram_exits + excluded.instagram_exits,
      engaged = t.engaged + excluded.engaged
  ),
  dimensions AS (
    INSERT INTO link_dimensions AS d (link_id, dimension, value, clicks)
    SELECT h.link_id, x.dimension, x.value, COUNT(*)
    FROM human h CROSS JOIN LATERAL (VALUES
      ('device_type', h.device_type),
      ('country', h.country),
      ('browser', COALESCE(h.browser, '')),
      ('os', COALESCE(h.os, '')),
      ('referrer', COALESCE(h.referrer_source, '')),
      ('device_info', COALESCE(h.device_info, '')),
      ('blocked_country', CASE WHEN h.blocked THEN h.country END)
    ) AS x(dimension, value)
    WHERE x.value IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (link_id, dimension, value) DO UPDATE SET clicks = d.clicks + excluded.clicks
  ),
  quarter_hours AS (
    INSERT INTO link_quarter_hours AS q (link_id, quarter_hour, clicks)
    SELECT h.link_id, h.clicked_at / 900000, COUNT(*) FROM human h GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (link_id, quarter_hour) DO UPDATE SET clicks = q.clicks + excluded.clicks
  ),
  places AS (
    INSERT INTO link_places AS p (link_id, ip_address, country, city, last_clicked_at)
    SELECT h.link_id, h.ip_address, h.country, COALESCE(h.city, ''), MAX(h.clicked_at)
    FROM human h GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (link_id, ip_address, country, city)
      DO UPDATE SET last_clicked_at = GREATEST(p.last_clicked_at, excluded.last_clicked_at)
  ),
  addresses AS (
    SELECT h.ip_address, COUNT(*) AS n, MAX(h.clicked_at) AS last_clicked_at FROM human h GROUP BY 1
  ),
  seen AS (
    INSERT INTO visitors AS v (ip_address, clicks, last_clicked_at)
    SELECT ip_address, n, last_clicked_at FROM addresses ORDER BY 1
    ON CONFLICT (ip_address) DO UPDATE SET clicks = v.clicks + excluded.clicks,
      last_clicked_at = GREATEST(v.last_clicked_at, excluded.last_clicked_at)
    RETURNING v.ip_address, v.clicks
  ),
  -- Each address moves from its old number of visits (stored − batch) to the new one.
  frequency AS (
    INSERT INTO visit_frequency AS f (visits, visitors)
    SELECT visits, SUM(change) FROM (
      SELECT s.clicks AS visits, 1 AS change FROM seen s
      UNION ALL
      SELECT s.clicks - a.n, -1 FROM seen s JOIN addresses a ON a.ip_address = s.ip_address WHERE s.clicks > a.n
    ) moves
    GROUP BY visits HAVING SUM(change) <> 0 ORDER BY 1
    ON CONFLICT (visits) DO UPDATE SET visitors = f.visitors + excluded.visitors
  )`;

/** The click columns the rollups read. */
export const ROLLUP_SOURCE_COLUMNS =
  'link_id, clicked_at, ip_address, country, city, device_type, device_info, browser, os, referrer_source, instagram_exit, blocked';

/**
 * What a fold reads: the rollups' columns with the visitor's identity (visitorIdentity.ts) in place
 * of the address. The "analytics rollups" migration keeps the plain list: it runs before the
 * column exists.
 */
const FOLDED_COLUMNS = ROLLUP_SOURCE_COLUMNS.replace(/\bip_address\b/, `${visitorIdentitySql('c')} AS ip_address`);

/** `WITH <prefix>, human AS (<human>), <rollups> <final>`: the rollups of the rows `human` selects. */
export function withRollups(prefix: string, human: string, final: string, byDay = true): string {
  const days = byDay ? `${DAY_CTES}, ${SERVICE_DAY_CTES}, ${LINK_RETURN_CTES},` : '';
  return `WITH ${prefix ? `${prefix},` : ''} human AS (${human}), ${days} ${ROLLUP_CTES} ${final}`;
}

// $1: how many. `wait`: a read waits for folds in progress, so that it sees their clicks counted.
const foldSql = (wait: boolean) =>
  withRollups(
    `taken AS (
      DELETE FROM clicks_unfolded u WHERE u.id IN (
        SELECT id FROM clicks_unfolded ORDER BY id LIMIT $1 FOR UPDATE${wait ? '' : ' SKIP LOCKED'})
      RETURNING u.id
    )`,
    `SELECT ${FOLDED_COLUMNS} FROM clicks c JOIN taken t ON t.id = c.id WHERE NOT c.is_bot`,
    'SELECT COUNT(*) AS folded FROM taken',
  );
export const FOLD_SQL = foldSql(false);
export const FOLD_BEFORE_READ_SQL = foldSql(true);
