/**
 * PostgreSQL migration 14. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * PostgreSQL only: how many links there are, kept by the database itself for the unfiltered
 * list's X-Total-Count. COUNT(*) there reads every row (10–15 ms at 100,000 links, and an
 * index-only scan after VACUUM is no faster: the time goes into counting the tuples), where
 * SQLite counts a b-tree's entries in about 0.03 ms, so SQLite needs no counter.
 *
 * One row, changed once per statement that adds or removes links (statement triggers with
 * transition tables: a user's links deleted by cascade are one change), so the count is exact
 * under concurrent writers on any instance: each UPDATE waits for the row and adds its change to
 * the latest committed value (a read-then-write would lose changes: linkCount.test.ts). The
 * price is paid by link writes, which are rare next to clicks: a transaction that adds or removes
 * links holds the row until it commits, so other link writes wait for it (an import of 10,000
 * links, one statement per link, for its whole 5–7 s, and it takes 30–45 % longer: each UPDATE
 * steps over the versions of the row its own transaction left). The migration locks links
 * against writers first, so no link added meanwhile is missed by the initial count.
 */
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
