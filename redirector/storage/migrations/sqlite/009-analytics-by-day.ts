/** SQLite migration 9. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 9,
  name: 'analytics by day',
  sql: `
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
  INSERT INTO link_day_dimensions (link_id, day, dimension, value, clicks)
     SELECT link_id, day, dimension, value, COUNT(*) FROM (SELECT link_id, day, dimension, value FROM (
      SELECT c.link_id AS link_id, c.clicked_at / 86400000 AS day, d.dimension AS dimension, CASE d.dimension WHEN 'device_type' THEN c.device_type WHEN 'country' THEN c.country WHEN 'browser' THEN COALESCE(c.browser, '') WHEN 'os' THEN COALESCE(c.os, '') WHEN 'referrer' THEN COALESCE(c.referrer_source, '') WHEN 'device_info' THEN COALESCE(c.device_info, '') WHEN 'blocked_country' THEN CASE WHEN c.blocked THEN c.country END WHEN 'engaged' THEN CASE WHEN c.referrer_source IS NOT NULL OR c.instagram_exit THEN '1' END WHEN 'instagram_exit' THEN CASE WHEN c.instagram_exit THEN '1' END END AS value
      FROM temp.folded_human_clicks c CROSS JOIN (SELECT 'device_type' AS dimension UNION ALL SELECT 'country' AS dimension UNION ALL SELECT 'browser' AS dimension UNION ALL SELECT 'os' AS dimension UNION ALL SELECT 'referrer' AS dimension UNION ALL SELECT 'device_info' AS dimension UNION ALL SELECT 'blocked_country' AS dimension UNION ALL SELECT 'engaged' AS dimension UNION ALL SELECT 'instagram_exit' AS dimension) d
    ) x WHERE value IS NOT NULL) WHERE true
     GROUP BY 1, 2, 3, 4
     ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks;
INSERT INTO link_day_visitors (link_id, day, visitor, country, city, clicks, last_clicked_at)
     SELECT c.link_id, c.clicked_at / 86400000, c.ip_address, c.country, COALESCE(c.city, ''), COUNT(*),
            MAX(c.clicked_at)
     FROM temp.folded_human_clicks c WHERE true GROUP BY 1, 2, 3, 4, 5
     ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks,
       last_clicked_at = MAX(last_clicked_at, excluded.last_clicked_at);
INSERT INTO link_clicks (link_id, clicked_at, id) SELECT c.link_id, c.clicked_at, c.id FROM temp.folded_human_clicks c ORDER BY 1, 2, 3;
  DROP VIEW temp.folded_human_clicks;
`,
};
