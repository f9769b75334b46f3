/**
 * PostgreSQL migration 11. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The click export reads a link's clicks a page at a time after (clicked_at, id)
 * (../analytics/ranges.ts): with id in the index, each page starts where the last one ended and
 * comes out in order. It replaces (link_id, clicked_at), which every other read of one link's
 * clicks uses as its prefix, so the click insert keeps one index per link and time. The ranged
 * repeat visitors look up the places of their top ten by visitor and day.
 */
export default {
  version: 11,
  name: 'click export and ranged visitor indexes',
  sql: `
      CREATE INDEX clicks_link_time_id ON clicks(link_id, clicked_at, id);
      DROP INDEX clicks_link_time;
      CREATE INDEX link_day_visitors_visitor ON link_day_visitors(visitor, day);
    `,
};
