/**
 * The analytics rollups (migration "analytics rollups" in ../migrations.ts).
 *
 * The click path only appends to `clicks` (and its append-ordered `clicks_time` index): every
 * per-link or per-visitor structure is a B-tree keyed by something scattered (link, address), and
 * writing one per click costs about a WAL page per row (README "Performance": the `(link_id, clicked_at)`
 * index alone cut redirects from ~0.46 to ~0.31 × floor). So that index goes, and the rollups below
 * are folded from `clicks` in large batches by rowid (rollups.ts): in the background when the
 * service is quiet, and always before an analytics answer is read, in the same transaction as the
 * read. Every figure is therefore exact: the rollups cover clicks up to `analytics_fold.folded_click_id`
 * and a read folds the rest first. Bots are never folded.
 *
 * Deleting a link removes its rollup rows by cascade; the trigger corrects the service-wide
 * `visitors` rows and keeps the fold position valid when the newest clicks disappear (SQLite may
 * reuse the rowids of deleted rows at the end of the table).
 */
import { SERVICE_DAY_TABLES_SQL, serviceDayDeleteSql } from '../../analytics/sql/days';
import { LINK_DAY_RETURNS_SQL } from '../../analytics/sql/linkDayReturns';
import { VISITOR_DAY_REPEATS_SQL } from '../../analytics/sql/rangeRepeatVisitors';
import { sqliteDayFoldSql } from './foldStatements';

export const ANALYTICS_ROLLUPS_SQL = `
  DROP INDEX IF EXISTS clicks_link_time;

  CREATE TABLE analytics_fold (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    folded_click_id INTEGER NOT NULL
  );
  INSERT INTO analytics_fold (id, folded_click_id) VALUES (1, 0);

  -- One row per link: the link list's counts and the funnel's sums.
  CREATE TABLE link_totals (
    link_id INTEGER PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
    clicks INTEGER NOT NULL,
    visitors INTEGER NOT NULL,
    blocked INTEGER NOT NULL,
    instagram_exits INTEGER NOT NULL,
    engaged INTEGER NOT NULL,
    -- Rows in link_recent_clicks, so that trimming them costs nothing until there are too many.
    recent_rows INTEGER NOT NULL
  );

  -- Clicks per link and value of one dimension ('' stands for none).
  CREATE TABLE link_dimensions (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (link_id, dimension, value)
  ) WITHOUT ROWID;

  -- Clicks per link and quarter hour (clicked_at / 900000): every time zone in use today is a whole
  -- number of quarter hours from UTC, so local hours, weekdays and days are sums of these.
  CREATE TABLE link_quarter_hours (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    quarter_hour INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (link_id, quarter_hour)
  ) WITHOUT ROWID;
  CREATE INDEX link_quarter_hours_time ON link_quarter_hours(quarter_hour);

  -- Clicks per link, address and place ('' for no city).
  CREATE TABLE link_visitors (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    ip_address TEXT NOT NULL,
    country TEXT NOT NULL,
    city TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    last_clicked_at INTEGER NOT NULL,
    PRIMARY KEY (link_id, ip_address, country, city)
  ) WITHOUT ROWID;
  CREATE INDEX link_visitors_ip ON link_visitors(ip_address);

  -- Clicks per address over every link (repeat visitors, unique visitors of the whole service).
  CREATE TABLE visitors (
    ip_address TEXT PRIMARY KEY,
    clicks INTEGER NOT NULL,
    last_clicked_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX visitors_clicks ON visitors(clicks, last_clicked_at);

  -- The latest clicks of each link, newest last (rollups.ts trims them to the newest RECENT_KEPT).
  CREATE TABLE link_recent_clicks (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    clicked_at INTEGER NOT NULL,
    click_id INTEGER NOT NULL,
    PRIMARY KEY (link_id, clicked_at, click_id)
  ) WITHOUT ROWID;

  CREATE TRIGGER links_delete_analytics BEFORE DELETE ON links BEGIN
    UPDATE visitors SET
      clicks = clicks - (SELECT SUM(lv.clicks) FROM link_visitors lv
                         WHERE lv.link_id = OLD.id AND lv.ip_address = visitors.ip_address),
      last_clicked_at = COALESCE((SELECT MAX(lv.last_clicked_at) FROM link_visitors lv
                                  WHERE lv.ip_address = visitors.ip_address AND lv.link_id <> OLD.id),
                                 last_clicked_at)
    WHERE ip_address IN (SELECT ip_address FROM link_visitors WHERE link_id = OLD.id);
    DELETE FROM visitors WHERE clicks <= 0;
    UPDATE analytics_fold SET folded_click_id = MIN(folded_click_id, COALESCE(
      (SELECT id FROM clicks WHERE link_id <> OLD.id ORDER BY id DESC LIMIT 1), 0));
  END;
`;

/**
 * Migration "analytics visit frequency": visitors per number of visits, kept by the fold and the
 * delete trigger, so that the repeat-visitor figures and the service's unique visitors are a
 * handful of rows instead of a scan of every visitor.
 */
export const ANALYTICS_VISIT_FREQUENCY_SQL = `
  CREATE TABLE visit_frequency (
    visits INTEGER PRIMARY KEY,
    visitors INTEGER NOT NULL
  );
  INSERT INTO visit_frequency (visits, visitors) SELECT clicks, COUNT(*) FROM visitors GROUP BY clicks;

  DROP TRIGGER links_delete_analytics;
  CREATE TRIGGER links_delete_analytics BEFORE DELETE ON links BEGIN
    INSERT INTO visit_frequency (visits, visitors)
    SELECT visits, SUM(change) FROM (
      SELECT v.clicks AS visits, -1 AS change
      FROM visitors v JOIN (SELECT ip_address, SUM(clicks) AS n FROM link_visitors WHERE link_id = OLD.id
                            GROUP BY ip_address) gone ON gone.ip_address = v.ip_address
      UNION ALL
      SELECT v.clicks - gone.n AS visits, 1 AS change
      FROM visitors v JOIN (SELECT ip_address, SUM(clicks) AS n FROM link_visitors WHERE link_id = OLD.id
                            GROUP BY ip_address) gone ON gone.ip_address = v.ip_address
      WHERE v.clicks > gone.n
    ) WHERE true GROUP BY visits
    ON CONFLICT (visits) DO UPDATE SET visitors = visitors + excluded.visitors;
    DELETE FROM visit_frequency WHERE visitors <= 0;
    UPDATE visitors SET
      clicks = clicks - (SELECT SUM(lv.clicks) FROM link_visitors lv
                         WHERE lv.link_id = OLD.id AND lv.ip_address = visitors.ip_address),
      last_clicked_at = COALESCE((SELECT MAX(lv.last_clicked_at) FROM link_visitors lv
                                  WHERE lv.ip_address = visitors.ip_address AND lv.link_id <> OLD.id),
                                 last_clicked_at)
    WHERE ip_address IN (SELECT ip_address FROM link_visitors WHERE link_id = OLD.id);
    DELETE FROM visitors WHERE clicks <= 0;
    UPDATE analytics_fold SET folded_click_id = MIN(folded_click_id, COALESCE(
      (SELECT id FROM clicks WHERE link_id <> OLD.id ORDER BY id DESC LIMIT 1), 0));
  END;
`;

/**
 * Migration "analytics repeat-visitor index": only visitors with two clicks or more are indexed by
 * their clicks (the top repeat visitors), so a first visit — most of them — writes no index entry.
 */
export const ANALYTICS_REPEAT_INDEX_SQL = `
  DROP INDEX visitors_clicks;
  CREATE INDEX visitors_repeat ON visitors(clicks, last_clicked_at) WHERE clicks >= 2;

  DROP TRIGGER links_delete_analytics;
  CREATE TRIGGER links_delete_analytics BEFORE DELETE ON links BEGIN
    INSERT INTO visit_frequency (visits, visitors)
    SELECT visits, SUM(change) FROM (
      SELECT v.clicks AS visits, -1 AS change
      FROM visitors v JOIN (SELECT ip_address, SUM(clicks) AS n FROM link_visitors WHERE link_id = OLD.id
                            GROUP BY ip_address) gone ON gone.ip_address = v.ip_address
      UNION ALL
      SELECT v.clicks - gone.n AS visits, 1 AS change
      FROM visitors v JOIN (SELECT ip_address, SUM(clicks) AS n FROM link_visitors WHERE link_id = OLD.id
                            GROUP BY ip_address) gone ON gone.ip_address = v.ip_address
      WHERE v.clicks > gone.n
    ) WHERE true GROUP BY visits
    ON CONFLICT (visits) DO UPDATE SET visitors = visitors + excluded.visitors;
    DELETE FROM visit_frequency WHERE visitors <= 0;
    UPDATE visitors SET
      clicks = clicks - (SELECT SUM(lv.clicks) FROM link_visitors lv
                         WHERE lv.link_id = OLD.id AND lv.ip_address = visitors.ip_address),
      last_clicked_at = COALESCE((SELECT MAX(lv.last_clicked_at) FROM link_visitors lv
                                  WHERE lv.ip_address = visitors.ip_address AND lv.link_id <> OLD.id),
                                 last_clicked_at)
    WHERE ip_address IN (SELECT ip_address FROM link_visitors WHERE link_id = OLD.id);
    DELETE FROM visitors
    WHERE clicks <= 0 AND ip_address IN (SELECT ip_address FROM link_visitors WHERE link_id = OLD.id);
    UPDATE analytics_fold SET folded_click_id = MIN(folded_click_id, COALESCE(
      (SELECT id FROM clicks WHERE link_id <> OLD.id ORDER BY id DESC LIMIT 1), 0));
  END;
`;

/**
 * Migration "analytics by day": the rollups that answer a date range (../../analytics/sql/days.ts).
 * Per link and UTC day: clicks per dimension value, and clicks per visitor and place (distinct
 * visitors over any days, and the repeat visitors of a range). `link_clicks` is the (link,
 * time) index of the human clicks, kept by the fold instead of the insert so that the click path
 * stays an append: a range's partial days, its latest clicks and the export read it. Each is
 * filled from the clicks folded so far; the fold keeps them from there.
 */
export const ANALYTICS_BY_DAY_SQL = `
  CREATE TABLE link_day_dimensions (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    day INTEGER NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (link_id, day, dimension, value)
  ) WITHOUT ROWID;
  CREATE INDEX link_day_dimensions_day ON link_day_dimensions(day, dimension);

  CREATE TABLE link_day_visitors (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    day INTEGER NOT NULL,
    visitor TEXT NOT NULL,
    country TEXT NOT NULL,
    city TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    last_clicked_at INTEGER NOT NULL,
    PRIMARY KEY (link_id, day, visitor, country, city)
  ) WITHOUT ROWID;
  CREATE INDEX link_day_visitors_day ON link_day_visitors(day);

  CREATE TABLE link_clicks (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    clicked_at INTEGER NOT NULL,
    id INTEGER NOT NULL,
    PRIMARY KEY (link_id, clicked_at, id)
  ) WITHOUT ROWID;

  CREATE TEMP VIEW folded_human_clicks AS
    SELECT * FROM clicks WHERE is_bot = 0 AND id <= (SELECT folded_click_id FROM analytics_fold WHERE id = 1);
  ${sqliteDayFoldSql('temp.folded_human_clicks')}
  DROP VIEW temp.folded_human_clicks;
`;

/**
 * Migration "analytics by day, service-wide": the service's day rollups (../../analytics/sql/days.ts),
 * filled from the per-link ones (so from the clicks folded so far); the fold keeps them from there,
 * and a link's deletion takes its share away before its own rows go by cascade.
 */
export const ANALYTICS_SERVICE_DAYS_SQL = `
  ${SERVICE_DAY_TABLES_SQL('INTEGER', ' WITHOUT ROWID', true)}
  ${serviceDaysDeleteTriggerSql()}
`;

/**
 * The trigger links_delete_service_days, as each migration that changed what it takes away
 * leaves it (../../analytics/sql/days.ts serviceDayDeleteSql).
 */
function serviceDaysDeleteTriggerSql(otherLinksLast?: string): string {
  return `CREATE TRIGGER links_delete_service_days BEFORE DELETE ON links BEGIN
    ${serviceDayDeleteSql('OLD.id', true, otherLinksLast)}
  END;`;
}

/**
 * Migration "ranged repeat visitors" (../../analytics/sql/rangeRepeatVisitors.ts): visitor_days' latest
 * click and mark, the partial index of the marked rows (every column a read takes, the mark
 * included, so that it never reads the table), the triggers that mark a visitor's rows when
 * `visitors` counts them twice, and the link deletion that sets their latest click again, from
 * the other links' rows of the visitor (link_visitors_ip) and day (link_day_visitors' key).
 */
const MARK_VISITOR_DAYS = 'UPDATE visitor_days SET repeats = 1 WHERE visitor = NEW.ip_address AND NOT repeats;';
export const ANALYTICS_VISITOR_DAY_REPEATS_SQL = `
  ${VISITOR_DAY_REPEATS_SQL(
    'INTEGER',
    'INTEGER',
    'CREATE INDEX visitor_days_repeats ON visitor_days(day, visitor, clicks, last_clicked_at, repeats) WHERE repeats;',
  )}
  CREATE TRIGGER visitors_repeat_days AFTER UPDATE OF clicks ON visitors
  WHEN OLD.clicks < 2 AND NEW.clicks >= 2 BEGIN ${MARK_VISITOR_DAYS} END;
  CREATE TRIGGER visitors_repeat_days_new AFTER INSERT ON visitors WHEN NEW.clicks >= 2 BEGIN ${MARK_VISITOR_DAYS} END;
  DROP TRIGGER links_delete_service_days;
  ${serviceDaysDeleteTriggerSql(
    `(SELECT MAX(d.last_clicked_at) FROM link_visitors lv JOIN link_day_visitors d
       ON d.link_id = lv.link_id AND d.day = visitor_days.day AND d.visitor = visitor_days.visitor
      WHERE lv.ip_address = visitor_days.visitor AND lv.link_id <> OLD.id)`,
  )}
`;

/**
 * Migration "analytics by day, per-link returns": link_day_returns and the (link, visitor, day)
 * index (../../analytics/sql/linkDayReturns.ts), filled from link_day_visitors (so from the clicks
 * folded so far); the fold keeps them from there.
 */
export const ANALYTICS_LINK_RETURNS_SQL = LINK_DAY_RETURNS_SQL('INTEGER', ' WITHOUT ROWID');
