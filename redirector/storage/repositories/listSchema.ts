/**
 * The schema of paged link lists, tags and disabled accounts, the same on both engines (the
 * migration "tags, disabled users, list indexes" of each). The indexes are what keep one page of a
 * list independent of the number of links: the default order and each sort walk an index, and the
 * tag filter starts from its tag.
 */
export const LINKS_AT_SCALE_SQL = `
  ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT false;
  CREATE TABLE link_tags (
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (link_id, tag)
  );
  CREATE INDEX link_tags_tag ON link_tags(tag, link_id);
  CREATE INDEX links_created ON links(created_at, id);
  CREATE INDEX links_title ON links(title, id);
`;
