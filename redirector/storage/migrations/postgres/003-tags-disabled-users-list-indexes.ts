/**
 * PostgreSQL migration 3. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Paged link lists, tags and disabled accounts, the same on both engines. The indexes are what
 * keep one page of a list independent of the number of links: the default order and each sort walk
 * an index, and the tag filter starts from its tag.
 */
export default {
  version: 3,
  name: 'tags, disabled users, list indexes',
  sql: `
  ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT false;
  CREATE TABLE link_tags (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (link_id, tag)
  );
  CREATE INDEX link_tags_tag ON link_tags(tag, link_id);
  CREATE INDEX links_created ON links(created_at, id);
  CREATE INDEX links_title ON links(title, id);

      -- A user's disabled flag travels with their links in every instance's cache: each instance
      -- drops that user's links when the flag changes.
      CREATE FUNCTION notify_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('link_changes', TG_TABLE_SCHEMA || '/' || l.short_code)
        FROM links l WHERE l.user_id = NEW.id;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER users_notify_disabled AFTER UPDATE OF disabled ON users
        FOR EACH ROW WHEN (NEW.disabled IS DISTINCT FROM OLD.disabled) EXECUTE FUNCTION notify_owner_change();
    `,
};
