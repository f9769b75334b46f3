/**
 * Which links expired and have not had their `link.expired` event yet (docs/api.md#webhooks): past
 * their expiry date, or out of clicks (their click quota used up). `claim` records the event for a
 * link once across every instance: the first insert wins.
 */
import type { Executor } from '../executor';

/**
 * Read every EXPIRY_CHECK_MS (15 s). Out of clicks: from the click quotas (a row only for a link
 * with a click limit) to their links, `CROSS JOIN` keeping that order on SQLite, whose planner
 * without statistics walked every row of `links` instead, each check, an 80 ms scan with the
 * bench's 30,000 links landing in whichever run it fell in (docs/performance.md, "A custom domain
 * and a split link, like with like"). PostgreSQL plans a CROSS JOIN with a join condition as a join.
 */
export const DUE_SQL = `
  SELECT id FROM (
    SELECT l.id FROM links l
    WHERE l.expires_at IS NOT NULL AND l.expires_at <= ?
      AND NOT EXISTS (SELECT 1 FROM link_expiry_events e WHERE e.link_id = l.id)
    UNION
    SELECT l.id FROM link_click_quota q CROSS JOIN links l
    WHERE l.id = q.link_id AND l.max_clicks IS NOT NULL AND q.used >= l.max_clicks
      AND NOT EXISTS (SELECT 1 FROM link_expiry_events e WHERE e.link_id = l.id)
  ) due ORDER BY id LIMIT ?`;

export interface LinkExpiryRepository {
  /** Ids of expired links whose event is still to be recorded, at most `limit`. */
  due(now: number, limit: number): Promise<number[]>;
  /** True for the one caller that records this link's event. */
  claim(linkId: number, now: number): Promise<boolean>;
}

export function createLinkExpiryRepository(db: Executor): LinkExpiryRepository {
  return {
    async due(now, limit) {
      const rows = await db.all<{ id: number | string }>(DUE_SQL, [now, Math.floor(limit)]);
      return rows.map((row) => Number(row.id));
    },
    async claim(linkId, now) {
      const changed = await db.run(
        'INSERT INTO link_expiry_events (link_id, at) VALUES (?, ?) ON CONFLICT (link_id) DO NOTHING',
        [linkId, now],
      );
      return changed > 0;
    },
  };
}
