/**
 * SQLite migration 5. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Paged link lists, tags and disabled accounts, the same on both engines. The indexes are what
 * keep one page of a list independent of the number of links: the default order and each sort walk
 * an index, and the tag filter starts from its tag.
 */
export default {
  version: 5,
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
`,
};
