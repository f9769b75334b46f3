/** SQLite migration 10. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 10,
  name: 'analytics by day, service-wide',
  sql: `
  
  CREATE TABLE day_dimensions (
    day INTEGER NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (day, dimension, value)
  ) WITHOUT ROWID;
  INSERT INTO day_dimensions (day, dimension, value, clicks)
  SELECT day, dimension, value, SUM(clicks) FROM link_day_dimensions GROUP BY 1, 2, 3;
  CREATE TABLE visitor_days (
    visitor TEXT NOT NULL,
    day INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    PRIMARY KEY (visitor, day)
  ) WITHOUT ROWID;
  INSERT INTO visitor_days (visitor, day, clicks)
  SELECT visitor, day, SUM(clicks) FROM link_day_visitors GROUP BY 1, 2;
  
  CREATE TABLE day_returns (
    day INTEGER NOT NULL,
    previous_day INTEGER NOT NULL,
    visitors INTEGER NOT NULL,
    PRIMARY KEY (day, previous_day)
  ) WITHOUT ROWID;
  INSERT INTO day_returns (day, previous_day, visitors)
  SELECT day, previous_day, COUNT(*) FROM (
    SELECT day, COALESCE(LAG(day) OVER (PARTITION BY visitor ORDER BY day), -1) AS previous_day FROM visitor_days
  ) r GROUP BY 1, 2;


  CREATE TRIGGER links_delete_service_days BEFORE DELETE ON links BEGIN
    UPDATE day_dimensions SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_dimensions d WHERE d.link_id = OLD.id
       AND d.day = day_dimensions.day AND d.dimension = day_dimensions.dimension AND d.value = day_dimensions.value)
     WHERE (day, dimension, value) IN (SELECT day, dimension, value FROM link_day_dimensions WHERE link_id = OLD.id);
DELETE FROM day_dimensions WHERE clicks <= 0;
INSERT INTO day_returns (day, previous_day, visitors)
    SELECT day, previous_day, SUM(change) FROM (SELECT v.day, COALESCE(LAG(v.day) OVER (PARTITION BY v.visitor ORDER BY v.day), -1)
        AS previous_day, -1 AS change
      FROM visitor_days v WHERE v.visitor IN (SELECT x.visitor FROM (SELECT s.visitor, s.day FROM (SELECT visitor, day, SUM(clicks) AS clicks FROM link_day_visitors WHERE link_id = OLD.id GROUP BY visitor, day) s JOIN visitor_days v ON v.visitor = s.visitor AND v.day = s.day
             WHERE v.clicks <= s.clicks) x) UNION ALL SELECT v.day, COALESCE(LAG(v.day) OVER (PARTITION BY v.visitor ORDER BY v.day), -1)
        AS previous_day, 1 AS change
      FROM visitor_days v WHERE v.visitor IN (SELECT x.visitor FROM (SELECT s.visitor, s.day FROM (SELECT visitor, day, SUM(clicks) AS clicks FROM link_day_visitors WHERE link_id = OLD.id GROUP BY visitor, day) s JOIN visitor_days v ON v.visitor = s.visitor AND v.day = s.day
             WHERE v.clicks <= s.clicks) x) AND NOT EXISTS (SELECT 1 FROM (SELECT s.visitor, s.day FROM (SELECT visitor, day, SUM(clicks) AS clicks FROM link_day_visitors WHERE link_id = OLD.id GROUP BY visitor, day) s JOIN visitor_days v ON v.visitor = s.visitor AND v.day = s.day
             WHERE v.clicks <= s.clicks) x WHERE x.visitor = v.visitor AND x.day = v.day)) m
    WHERE true GROUP BY day, previous_day HAVING SUM(change) <> 0
    ON CONFLICT (day, previous_day) DO UPDATE SET visitors = day_returns.visitors + excluded.visitors;
DELETE FROM day_returns WHERE visitors <= 0;
UPDATE visitor_days SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_visitors d WHERE d.link_id = OLD.id
       AND d.visitor = visitor_days.visitor AND d.day = visitor_days.day)
     WHERE (visitor, day) IN (SELECT visitor, day FROM link_day_visitors WHERE link_id = OLD.id);
DELETE FROM visitor_days WHERE clicks <= 0
       AND visitor IN (SELECT visitor FROM link_day_visitors WHERE link_id = OLD.id);
  END;
`,
};
