/** PostgreSQL migration 5. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 5,
  name: 'analytics rollups',
  sql: `
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

  WITH  human AS (SELECT link_id, clicked_at, ip_address, country, city, device_type, device_info, browser, os, referrer_source, instagram_exit, blocked FROM clicks WHERE NOT is_bot),  
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
  ) SELECT 1;
`,
};
