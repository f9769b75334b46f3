/** PostgreSQL migration 10. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 10,
  name: 'analytics by day, service-wide',
  sql: `
  
  CREATE TABLE day_dimensions (
    day BIGINT NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    clicks BIGINT NOT NULL,
    PRIMARY KEY (day, dimension, value)
  );
  INSERT INTO day_dimensions (day, dimension, value, clicks)
  SELECT day, dimension, value, SUM(clicks) FROM link_day_dimensions GROUP BY 1, 2, 3;
  CREATE TABLE visitor_days (
    visitor TEXT NOT NULL,
    day BIGINT NOT NULL,
    clicks BIGINT NOT NULL,
    PRIMARY KEY (visitor, day)
  );
  INSERT INTO visitor_days (visitor, day, clicks)
  SELECT visitor, day, SUM(clicks) FROM link_day_visitors GROUP BY 1, 2;
  CREATE INDEX visitor_days_day ON visitor_days(day, visitor);

  
  CREATE OR REPLACE FUNCTION links_delete_service_days() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE day_dimensions SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_dimensions d WHERE d.link_id = OLD.id
       AND d.day = day_dimensions.day AND d.dimension = day_dimensions.dimension AND d.value = day_dimensions.value)
     WHERE (day, dimension, value) IN (SELECT day, dimension, value FROM link_day_dimensions WHERE link_id = OLD.id);
DELETE FROM day_dimensions WHERE clicks <= 0;
UPDATE visitor_days SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_visitors d WHERE d.link_id = OLD.id
       AND d.visitor = visitor_days.visitor AND d.day = visitor_days.day)
     WHERE (visitor, day) IN (SELECT visitor, day FROM link_day_visitors WHERE link_id = OLD.id);
DELETE FROM visitor_days WHERE clicks <= 0
       AND visitor IN (SELECT visitor FROM link_day_visitors WHERE link_id = OLD.id);
    RETURN OLD;
  END
  $$;
  CREATE TRIGGER links_delete_service_days BEFORE DELETE ON links
    FOR EACH ROW EXECUTE FUNCTION links_delete_service_days();
`,
};
