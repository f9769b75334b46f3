/** SQLite migration 2. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 2,
  name: 'analytics rollups',
  sql: `
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
`,
};
