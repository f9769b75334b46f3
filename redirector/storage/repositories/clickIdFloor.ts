/**
 * A click's id is never given again on SQLite (docs/api.md#click-ids). `clicks` hands out the
 * highest id plus one, so once the newest clicks are deleted their ids would come back; migration
 * 39's trigger keeps the highest id a deleted click had in `click_id_floor`, and a write of clicks
 * gives its first click the id after it while no stored click is above it (the rest follow on).
 */

/** The floor while it is above every stored click (the next click's id is one more); no row otherwise. */
export const CLICK_ID_FLOOR_SQL = `SELECT highest FROM click_id_floor
  WHERE id = 1 AND highest > COALESCE((SELECT MAX(id) FROM clicks), 0)`;
