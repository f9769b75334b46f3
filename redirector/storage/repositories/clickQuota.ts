/**
 * Clicks of links with a click limit, bots included (docs/api.md#expiry-and-click-limits): exact under
 * concurrency on both engines, because a place is taken by one conditional single-row UPDATE that
 * the database serialises (PostgreSQL locks the row against concurrent instances; SQLite has one
 * writer).
 *
 * The row is made when a limit is set, from the link's stored clicks so far (a limit may be set on
 * a link that already has some), and dropped when the limit is removed: clicks made meanwhile were
 * not counted, so a limit set again counts afresh. Imported clicks never take a place
 * (docs/api.md#imports). Counting a link's clicks is the slow part (SQLite
 * keeps no index of clicks by link), so it happens only then.
 */
import type { Executor } from '../executor';

const TAKE_SQL = 'UPDATE link_click_quota SET used = used + 1 WHERE link_id = ? AND used < ? RETURNING used';
const USED_SQL = 'SELECT used FROM link_click_quota WHERE link_id = ?';
const START_SQL = `
  INSERT INTO link_click_quota (link_id, used)
  SELECT CAST(? AS BIGINT), COUNT(*) FROM clicks WHERE link_id = ? AND NOT imported
  ON CONFLICT (link_id) DO NOTHING`;

export function clickQuotaQueries(db: Executor) {
  const used = async (linkId: number) => {
    const row = await db.get<{ used: number | string }>(USED_SQL, [linkId]);
    return row === undefined ? undefined : Number(row.used);
  };
  const start = (linkId: number) => db.run(START_SQL, [linkId, linkId]);

  return {
    /** Takes one of the link's `maxClicks` places; false when none is left. */
    async reserve(linkId: number, maxClicks: number): Promise<boolean> {
      if ((await db.get(TAKE_SQL, [linkId, maxClicks])) !== undefined) return true;
      if ((await used(linkId)) !== undefined) return false;
      // A limit the link had before this code stored its row (or a row lost): make it, and try again.
      await start(linkId);
      return (await db.get(TAKE_SQL, [linkId, maxClicks])) !== undefined;
    },
    /** Places taken so far (for visits that must not take one: the password form). */
    async counted(linkId: number): Promise<number> {
      const taken = await used(linkId);
      if (taken !== undefined) return taken;
      await start(linkId);
      return (await used(linkId)) ?? 0;
    },
    /** Called whenever a link is saved with its limit (or without one). */
    async limitChanged(linkId: number, maxClicks: number | null): Promise<void> {
      if (maxClicks === null) await db.run('DELETE FROM link_click_quota WHERE link_id = ?', [linkId]);
      else await start(linkId);
    },
  };
}
