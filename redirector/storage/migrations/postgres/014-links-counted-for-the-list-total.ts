/** PostgreSQL migration 14. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 14,
  name: 'links counted for the list total',
  sql: `
  LOCK TABLE links IN SHARE ROW EXCLUSIVE MODE;
  CREATE TABLE link_count (
    only_row BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_row),
    links BIGINT NOT NULL
  );
  INSERT INTO link_count (links) SELECT COUNT(*) FROM links;
  CREATE FUNCTION link_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    change BIGINT;
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      UPDATE link_count SET links = 0;
      RETURN NULL;
    ELSIF TG_OP = 'INSERT' THEN
      SELECT COUNT(*) INTO change FROM added;
    ELSE
      SELECT -COUNT(*) INTO change FROM removed;
    END IF;
    -- A statement that changed nothing (a taken short code, a missing id) leaves the row unlocked.
    IF change <> 0 THEN
      UPDATE link_count SET links = links + change;
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER links_count_insert AFTER INSERT ON links REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION link_count_change();
  CREATE TRIGGER links_count_delete AFTER DELETE ON links REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION link_count_change();
  CREATE TRIGGER links_count_truncate AFTER TRUNCATE ON links
    FOR EACH STATEMENT EXECUTE FUNCTION link_count_change();
`,
};
