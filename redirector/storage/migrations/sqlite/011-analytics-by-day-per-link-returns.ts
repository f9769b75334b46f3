/** SQLite migration 11. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
  version: 11,
  name: 'analytics by day, per-link returns',
  sql: `
  -- No read looks up link_day_dimensions by day alone any more (day_dimensions answers the
  -- service's days), and with statistics older than the newest days PostgreSQL chose it for one
  -- link's range over the primary key, reading every link's rows of those days.
  DROP INDEX link_day_dimensions_day;
  CREATE INDEX link_day_visitors_link_visitor ON link_day_visitors(link_id, visitor, day);
  CREATE TABLE link_day_returns (
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    day INTEGER NOT NULL,
    previous_day INTEGER NOT NULL,
    visitors INTEGER NOT NULL,
    PRIMARY KEY (link_id, day, previous_day)
  ) WITHOUT ROWID;
  INSERT INTO link_day_returns (link_id, day, previous_day, visitors)
  SELECT link_id, day, previous_day, COUNT(*) FROM (
    SELECT link_id, day, COALESCE(LAG(day) OVER (PARTITION BY link_id, visitor ORDER BY day), -1) AS previous_day
    FROM (SELECT DISTINCT link_id, visitor, day FROM link_day_visitors) d
  ) r GROUP BY 1, 2, 3;
`,
};
