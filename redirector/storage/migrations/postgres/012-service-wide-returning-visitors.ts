/** PostgreSQL migration 12. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 12,
  name: 'service-wide returning visitors',
  sql: `
  CREATE FUNCTION visitor_days_returns() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO day_returns (day, previous_day, visitors)
    SELECT day, previous_day, SUM(change) FROM (SELECT v.day, COALESCE(LAG(v.day) OVER (PARTITION BY v.visitor ORDER BY v.day), -1)
        AS previous_day, 1 AS change
      FROM visitor_days v WHERE v.visitor IN (SELECT x.visitor FROM (SELECT n.visitor, n.day FROM new_days n) x) UNION ALL SELECT v.day, COALESCE(LAG(v.day) OVER (PARTITION BY v.visitor ORDER BY v.day), -1)
        AS previous_day, -1 AS change
      FROM visitor_days v WHERE v.visitor IN (SELECT x.visitor FROM (SELECT n.visitor, n.day FROM new_days n) x) AND NOT EXISTS (SELECT 1 FROM (SELECT n.visitor, n.day FROM new_days n) x WHERE x.visitor = v.visitor AND x.day = v.day)) m
    WHERE true GROUP BY day, previous_day HAVING SUM(change) <> 0
    ON CONFLICT (day, previous_day) DO UPDATE SET visitors = day_returns.visitors + excluded.visitors;
    RETURN NULL;
  END
  $$;
  -- Created before the rows are counted: it locks visitor_days against folds until this commits.
  CREATE TRIGGER visitor_days_returns AFTER INSERT ON visitor_days
    REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION visitor_days_returns();
  
  CREATE TABLE day_returns (
    day BIGINT NOT NULL,
    previous_day BIGINT NOT NULL,
    visitors BIGINT NOT NULL,
    PRIMARY KEY (day, previous_day)
  );
  INSERT INTO day_returns (day, previous_day, visitors)
  SELECT day, previous_day, COUNT(*) FROM (
    SELECT day, COALESCE(LAG(day) OVER (PARTITION BY visitor ORDER BY day), -1) AS previous_day FROM visitor_days
  ) r GROUP BY 1, 2;

  
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
       AND d.visitor = visitor_days.visitor AND d.day = visitor_days.day)
     WHERE (visitor, day) IN (SELECT visitor, day FROM link_day_visitors WHERE link_id = OLD.id);
DELETE FROM visitor_days WHERE clicks <= 0
       AND visitor IN (SELECT visitor FROM link_day_visitors WHERE link_id = OLD.id);
    RETURN OLD;
  END
  $$;
  -- Distinct visitors are no longer counted from it.
  DROP INDEX visitor_days_day;
`,
};
