import type { ClickRecord, NewClick } from '../records';
import type { ClickRepository } from '../store';
import type { SqliteDatabase } from './database';

type ClickRow = Omit<ClickRecord, 'instagram_exit' | 'blocked' | 'is_bot'> & {
  instagram_exit: number;
  blocked: number;
  is_bot: number;
};

export function toClickRecord(row: ClickRow): ClickRecord {
  return { ...row, instagram_exit: row.instagram_exit === 1, blocked: row.blocked === 1, is_bot: row.is_bot === 1 };
}

export function createClickRepository(db: SqliteDatabase): ClickRepository {
  const columns = `link_id, clicked_at, ip_address, country, city, device_type, device_info, browser,
                   browser_version, os, os_version, referrer_source, instagram_exit, blocked, is_bot, user_agent`;
  const insert = db.prepare(`INSERT INTO clicks (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // The same, skipping a click whose link was deleted after the redirect looked it up.
  const insertIfLinked = db.prepare(`
    INSERT INTO clicks (${columns})
    SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)`);
  const values = (c: NewClick) =>
    [
      c.link_id,
      c.clicked_at,
      c.ip_address,
      c.country,
      c.city,
      c.device_type,
      c.device_info,
      c.browser,
      c.browser_version,
      c.os,
      c.os_version,
      c.referrer_source,
      c.instagram_exit ? 1 : 0,
      c.blocked ? 1 : 0,
      c.is_bot ? 1 : 0,
      c.user_agent,
    ] as const;
  const insertAll = db.transaction((clicks: readonly NewClick[]) => {
    for (const c of clicks) insert.run(...values(c));
  });
  const insertAllLinked = db.transaction((clicks: readonly NewClick[]) => {
    for (const c of clicks) insertIfLinked.run(...values(c), c.link_id);
  });
  const byLink = db.prepare('SELECT * FROM clicks WHERE link_id = ? ORDER BY clicked_at, id');
  const countAll = db.prepare('SELECT COUNT(*) AS n FROM clicks').pluck();

  return {
    async insertMany(clicks) {
      if (clicks.length === 0) return;
      try {
        insertAll(clicks);
      } catch (error) {
        // A deleted link's clicks go with it: drop those, keep the rest of the batch.
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw error;
        insertAllLinked(clicks);
      }
    },
    async listByLink(linkId) {
      return (byLink.all(linkId) as ClickRow[]).map(toClickRecord);
    },
    async countAll() {
      return countAll.get() as number;
    },
  };
}
