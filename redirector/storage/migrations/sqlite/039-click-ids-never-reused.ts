/**
 * SQLite migration. Released once merged: never edit it; add a migration (docs/api.md#migrations).
 *
 * A click's id is never given again (docs/api.md#click-ids): `clicks` has no AUTOINCREMENT
 * (migration 1; making it again would copy every click), so once the newest clicks were deleted
 * (their link with them) SQLite handed their ids to the next clicks, which the webhooks' and the
 * broker's cursors, the live streams and the analytics' fold had already passed. `click_id_floor` keeps the
 * highest id a deleted click had (a trigger, so every way clicks go is covered: a link's or an
 * account's deletion, retention), and the writers start above it (storage/repositories/clickIdFloor.ts).
 * It starts at the highest id stored, or passed by a cursor or the fold.
 */
export default {
  version: 39,
  name: 'click ids never reused',
  sql: `
  CREATE TABLE click_id_floor (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    highest INTEGER NOT NULL
  );
  INSERT INTO click_id_floor (id, highest) VALUES (1, max(
    COALESCE((SELECT MAX(id) FROM clicks), 0),
    COALESCE((SELECT MAX(click_cursor) FROM webhooks), 0),
    COALESCE((SELECT MAX(click_cursor) FROM broker_state), 0),
    COALESCE((SELECT MAX(folded_click_id) FROM analytics_fold), 0)
  ));
  CREATE TRIGGER clicks_deleted_raise_id_floor AFTER DELETE ON clicks
  WHEN OLD.id > (SELECT highest FROM click_id_floor WHERE id = 1)
  BEGIN
    UPDATE click_id_floor SET highest = OLD.id WHERE id = 1;
  END;
  `,
};
