/** PostgreSQL migration 15. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 15,
  name: 'ranged repeat visitors',
  sql: `
  
  ALTER TABLE visitor_days ADD COLUMN last_clicked_at BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE visitor_days ADD COLUMN repeats BOOLEAN NOT NULL DEFAULT false;
  UPDATE visitor_days SET last_clicked_at = m.last, repeats = EXISTS (SELECT 1 FROM visitors x WHERE x.ip_address = visitor_days.visitor AND x.clicks >= 2)
  FROM (SELECT visitor, day, MAX(last_clicked_at) AS last FROM link_day_visitors GROUP BY visitor, day) m
  WHERE m.visitor = visitor_days.visitor AND m.day = visitor_days.day;
  CREATE INDEX visitor_days_repeats ON visitor_days(day) INCLUDE (visitor, clicks, last_clicked_at) WHERE repeats;

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
  
  CREATE OR REPLACE FUNCTION links_delete_service_days() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
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
       AND d.visitor = visitor_days.visitor AND d.day = visitor_days.day), last_clicked_at = COALESCE((SELECT MAX(d.last_clicked_at) FROM link_day_visitors d
      WHERE d.visitor = visitor_days.visitor AND d.day = visitor_days.day AND d.link_id <> OLD.id), last_clicked_at)
     WHERE (visitor, day) IN (SELECT visitor, day FROM link_day_visitors WHERE link_id = OLD.id);
DELETE FROM visitor_days WHERE clicks <= 0
       AND visitor IN (SELECT visitor FROM link_day_visitors WHERE link_id = OLD.id);
    RETURN OLD;
  END
  $$;
`,
};
