/** PostgreSQL migration 9. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 9,
  name: 'analytics by day',
  sql: `
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
    SELECT link_id, clicked_at, ip_address, country, city, device_type, device_info, browser, os, referrer_source, instagram_exit, blocked FROM clicks c
    WHERE NOT c.is_bot AND NOT EXISTS (SELECT 1 FROM clicks_unfolded u WHERE u.id = c.id)
  ), 
  day_dimensions AS (
    INSERT INTO link_day_dimensions AS dd (link_id, day, dimension, value, clicks)
    SELECT link_id, day, dimension, value, COUNT(*) FROM (SELECT link_id, day, dimension, value FROM (
      SELECT c.link_id AS link_id, c.clicked_at / 86400000 AS day, d.dimension AS dimension, CASE d.dimension WHEN 'device_type' THEN c.device_type WHEN 'country' THEN c.country WHEN 'browser' THEN COALESCE(c.browser, '') WHEN 'os' THEN COALESCE(c.os, '') WHEN 'referrer' THEN COALESCE(c.referrer_source, '') WHEN 'device_info' THEN COALESCE(c.device_info, '') WHEN 'blocked_country' THEN CASE WHEN c.blocked THEN c.country END WHEN 'engaged' THEN CASE WHEN c.referrer_source IS NOT NULL OR c.instagram_exit THEN '1' END WHEN 'instagram_exit' THEN CASE WHEN c.instagram_exit THEN '1' END END AS value
      FROM human c CROSS JOIN (SELECT 'device_type' AS dimension UNION ALL SELECT 'country' AS dimension UNION ALL SELECT 'browser' AS dimension UNION ALL SELECT 'os' AS dimension UNION ALL SELECT 'referrer' AS dimension UNION ALL SELECT 'device_info' AS dimension UNION ALL SELECT 'blocked_country' AS dimension UNION ALL SELECT 'engaged' AS dimension UNION ALL SELECT 'instagram_exit' AS dimension) d
    ) x WHERE value IS NOT NULL) x
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (link_id, day, dimension, value) DO UPDATE SET clicks = dd.clicks + excluded.clicks
  ),
  day_visitors AS (
    INSERT INTO link_day_visitors AS dv (link_id, day, visitor, country, city, clicks, last_clicked_at)
    SELECT h.link_id, h.clicked_at / 86400000, h.ip_address, h.country, COALESCE(h.city, ''), COUNT(*),
           MAX(h.clicked_at)
    FROM human h GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (link_id, day, visitor, country, city) DO UPDATE SET clicks = dv.clicks + excluded.clicks,
      last_clicked_at = GREATEST(dv.last_clicked_at, excluded.last_clicked_at)
  ) SELECT 1;
`,
};
