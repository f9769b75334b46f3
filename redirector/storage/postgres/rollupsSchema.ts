/**
 * The DDL of PostgreSQL's analytics rollups, as its migrations ran it (../migrations.ts): the
 * tables, triggers and first fills. The fold that keeps them is rollups.ts, its SQL foldSql.ts.
 */
import { DAY_RETURNS_SQL, dayReturnMovesSql, SERVICE_DAY_TABLES_SQL, serviceDayDeleteSql } from '../analytics/sql/days';
import { LINK_DAY_RETURNS_SQL } from '../analytics/sql/linkDayReturns';
import { VISITOR_DAY_REPEATS_SQL } from '../analytics/sql/rangeRepeatVisitors';
import { DAY_CTES, ROLLUP_SOURCE_COLUMNS, withRollups } from './foldSql';

/**
 * Migration "analytics rollups" (PostgreSQL): the tables, the delete trigger, and the rollups of
 * the clicks already stored.
 */
export const ANALYTICS_ROLLUPS_SQL = `
  -- One row per link: the link list's counts and the funnel's sums.
  CREATE TABLE link_totals (
    link_id BIGINT PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
    clicks BIGINT NOT NULL,
    visitors BIGINT NOT NULL,
    blocked BIGINT NOT NULL,
    instagram_exits BIGINT NOT NULL,
    engaged BIGINT NOT NULL
  );
  -- Clicks per link and value of one dimension ('' stands for none).
  CREATE TABLE link_dimensions (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    clicks BIGINT NOT NULL,
    PRIMARY KEY (link_id, dimension, value)
  );
  CREATE INDEX link_dimensions_value ON link_dimensions(dimension, value);
  -- Clicks per link and quarter hour (clicked_at / 900000): every time zone in use is a whole
  -- number of quarter hours from UTC, so local hours and days are sums of these.
  CREATE TABLE link_quarter_hours (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    quarter_hour BIGINT NOT NULL,
    clicks BIGINT NOT NULL,
    PRIMARY KEY (link_id, quarter_hour)
  );
  CREATE INDEX link_quarter_hours_time ON link_quarter_hours(quarter_hour);
  -- Clicks per link and address: a link's unique visitors, and what its deletion takes away.
  CREATE TABLE link_visitors (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    ip_address TEXT NOT NULL,
    clicks BIGINT NOT NULL,
    PRIMARY KEY (link_id, ip_address)
  );
  -- Where each address clicked each link from ('' for no city): the repeat visitors' places.
  CREATE TABLE link_places (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    ip_address TEXT NOT NULL,
    country TEXT NOT NULL,
    city TEXT NOT NULL,
    last_clicked_at BIGINT NOT NULL,
    PRIMARY KEY (link_id, ip_address, country, city)
  );
  CREATE INDEX link_places_ip ON link_places(ip_address);
  -- Clicks per address over every link.
  CREATE TABLE visitors (
    ip_address TEXT PRIMARY KEY,
    clicks BIGINT NOT NULL,
    last_clicked_at BIGINT NOT NULL
  );
  CREATE INDEX visitors_repeat ON visitors(clicks DESC, last_clicked_at DESC) WHERE clicks >= 2;
  -- Visitors per number of visits (rows at 0 are left for the reads to skip).
  CREATE TABLE visit_frequency (
    visits BIGINT PRIMARY KEY,
    visitors BIGINT NOT NULL
  );
  -- Ids of stored clicks not folded yet (no foreign key: a deleted click's id is dropped by the fold).
  CREATE TABLE clicks_unfolded (id BIGINT PRIMARY KEY);

  -- The link's rows go by cascade; the service-wide ones lose the link's share (of folded clicks
  -- only: the rollups hold no other). The links row is locked before this runs, so a fold still
  -- adding clicks of it has committed by then.
  CREATE FUNCTION links_delete_analytics() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    WITH changed AS (
      UPDATE visitors v SET
        clicks = v.clicks - g.clicks,
        last_clicked_at = COALESCE((SELECT MAX(p.last_clicked_at) FROM link_places p
                                    WHERE p.ip_address = v.ip_address AND p.link_id <> OLD.id), v.last_clicked_at)
      FROM link_visitors g
      WHERE g.link_id = OLD.id AND v.ip_address = g.ip_address
      RETURNING v.clicks AS now, g.clicks AS gone
    )
    INSERT INTO visit_frequency AS f (visits, visitors)
    SELECT visits, SUM(change) FROM (
      SELECT now + gone AS visits, -1 AS change FROM changed
      UNION ALL
      SELECT now, 1 FROM changed WHERE now > 0
    ) moves
    GROUP BY visits ORDER BY 1
    ON CONFLICT (visits) DO UPDATE SET visitors = f.visitors + excluded.visitors;
    DELETE FROM visit_frequency WHERE visitors <= 0;
    DELETE FROM visitors v USING link_visitors g
    WHERE g.link_id = OLD.id AND v.ip_address = g.ip_address AND v.clicks <= 0;
    RETURN OLD;
  END
  $$;
  CREATE TRIGGER links_delete_analytics BEFORE DELETE ON links
    FOR EACH ROW EXECUTE FUNCTION links_delete_analytics();

  ${withRollups('', `SELECT ${ROLLUP_SOURCE_COLUMNS} FROM clicks WHERE NOT is_bot`, 'SELECT 1', false)};
`;

/**
 * Migration "analytics by day" (PostgreSQL): the day rollups, filled from the clicks folded so
 * far (those no longer queued in clicks_unfolded); the fold keeps them from there.
 */
export const ANALYTICS_BY_DAY_SQL = `
  CREATE TABLE link_day_dimensions (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    clicks BIGINT NOT NULL,
    PRIMARY KEY (link_id, day, dimension, value)
  );
  CREATE INDEX link_day_dimensions_day ON link_day_dimensions(day, dimension);
  CREATE TABLE link_day_visitors (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    day BIGINT NOT NULL,
    visitor TEXT NOT NULL,
    country TEXT NOT NULL,
    city TEXT NOT NULL,
    clicks BIGINT NOT NULL,
    last_clicked_at BIGINT NOT NULL,
    PRIMARY KEY (link_id, day, visitor, country, city)
  );
  CREATE INDEX link_day_visitors_day ON link_day_visitors(day);
  WITH human AS (
    SELECT ${ROLLUP_SOURCE_COLUMNS} FROM clicks c
    WHERE NOT c.is_bot AND NOT EXISTS (SELECT 1 FROM clicks_unfolded u WHERE u.id = c.id)
  ), ${DAY_CTES} SELECT 1;
`;

/**
 * The function links_delete_service_days runs before a link's deletion, as each migration that
 * changed what it takes away leaves it (../analytics/sql/days.ts serviceDayDeleteSql).
 */
const serviceDaysDeleteFunctionSql = (returns: boolean, otherLinksLast?: string) => `
  CREATE OR REPLACE FUNCTION links_delete_service_days() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${serviceDayDeleteSql('OLD.id', returns, otherLinksLast)}
    RETURN OLD;
  END
  $$;`;

/**
 * Migration "analytics by day, service-wide" (PostgreSQL): the service's day rollups, filled from
 * the per-link ones; a link's deletion takes its share away before its own rows go by cascade.
 */
export const ANALYTICS_SERVICE_DAYS_SQL = `
  ${SERVICE_DAY_TABLES_SQL('BIGINT', '', false)}
  ${serviceDaysDeleteFunctionSql(false)}
  CREATE TRIGGER links_delete_service_days BEFORE DELETE ON links
    FOR EACH ROW EXECUTE FUNCTION links_delete_service_days();
`;

/**
 * Migration "service-wide returning visitors" (PostgreSQL): day_returns as SQLite keeps it
 * (../analytics/sql/days.ts), so that a range's distinct visitors are a sum over a few rows a day
 * instead of a DISTINCT over every visitor of the range (0.3–0.8 s at 1,000,000 clicks).
 *
 * Each visitor's days must be seen in full when a day joins them, which a fold's own snapshot
 * cannot promise: two instances may fold the same visitor at once. So the moves are made by a
 * trigger after each insert into visitor_days, from the new (visitor, day) rows: its statements
 * take their own snapshots, after the fold's upsert of `visitors` has locked every visitor of the
 * chunk. Any other fold of those visitors has then either committed (and is seen) or waits for
 * this one, and its trigger sees this one's days. A link's deletion locks its visitors the same
 * way (links_delete_analytics runs first) before taking its share away, day_returns included.
 * Being a trigger, it also holds for instances still running older code during an upgrade.
 */
export const ANALYTICS_DAY_RETURNS_SQL = `
  CREATE FUNCTION visitor_days_returns() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${dayReturnMovesSql('SELECT n.visitor, n.day FROM new_days n', 1)};
    RETURN NULL;
  END
  $$;
  -- Created before the rows are counted: it locks visitor_days against folds until this commits.
  CREATE TRIGGER visitor_days_returns AFTER INSERT ON visitor_days
    REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION visitor_days_returns();
  ${DAY_RETURNS_SQL('BIGINT', '')}
  ${serviceDaysDeleteFunctionSql(true)}
  -- Distinct visitors are no longer counted from it.
  DROP INDEX visitor_days_day;
`;

/**
 * Migration "analytics by day, per-link returns" (PostgreSQL): link_day_returns and the (link,
 * visitor, day) index, filled from link_day_visitors (the clicks folded so far); the fold keeps
 * them from there. A link's clicks are already indexed in the order every read of them takes
 * (latest clicks, export pages: by time, then id; ../analytics/sql/rangeReads.ts), since "click export and
 * ranged visitor indexes".
 */
export const ANALYTICS_LINK_RETURNS_SQL = `${LINK_DAY_RETURNS_SQL('BIGINT', '')}
`;

/**
 * Migration "ranged repeat visitors" (PostgreSQL; ../analytics/sql/rangeRepeatVisitors.ts): as on
 * SQLite. The triggers on visitors are row triggers: they run at the end of the fold's statement,
 * after its day rows are written, and only for a visitor whose count has just reached two. A
 * link's deletion sets the latest clicks again through link_day_visitors' (visitor, day) index.
 */
export const ANALYTICS_VISITOR_DAY_REPEATS_SQL = `
  ${VISITOR_DAY_REPEATS_SQL(
    'BIGINT',
    'BOOLEAN',
    'CREATE INDEX visitor_days_repeats ON visitor_days(day) INCLUDE (visitor, clicks, last_clicked_at) WHERE repeats;',
  )}
  CREATE FUNCTION visitors_repeat_days() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE visitor_days SET repeats = true WHERE visitor = NEW.ip_address AND NOT repeats;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER visitors_repeat_days AFTER UPDATE ON visitors
    FOR EACH ROW WHEN (OLD.clicks < 2 AND NEW.clicks >= 2) EXECUTE FUNCTION visitors_repeat_days();
  CREATE TRIGGER visitors_repeat_days_new AFTER INSERT ON visitors
    FOR EACH ROW WHEN (NEW.clicks >= 2) EXECUTE FUNCTION visitors_repeat_days();
  ${serviceDaysDeleteFunctionSql(
    true,
    `(SELECT MAX(d.last_clicked_at) FROM link_day_visitors d
      WHERE d.visitor = visitor_days.visitor AND d.day = visitor_days.day AND d.link_id <> OLD.id)`,
  )}
`;
