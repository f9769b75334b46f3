/**
 * The redirect path's write: a batch of clicks in one transaction, statements prepared once, at the
 * first batch (a store that only looks at a database a migration behind never prepares them).
 */
import type { NewClick } from '../records';
import { NEW_CLICK_COLUMNS } from '../repositories/columns';
import type { ClickRepository } from '../store';
import { connectionTurns } from './connectionTurns';
import type { SqliteDatabase } from './database';

export function sqliteClickInserts(db: SqliteDatabase): ClickRepository['insertMany'] {
  let insertBatch: ClickRepository['insertMany'] | undefined;
  return (clicks) => {
    insertBatch ??= prepareClickInserts(db);
    return insertBatch(clicks);
  };
}

function prepareClickInserts(db: SqliteDatabase): ClickRepository['insertMany'] {
  const columns = [...NEW_CLICK_COLUMNS, 'visitor'].join(', ');
  const placeholders = [...NEW_CLICK_COLUMNS, 'visitor'].map(() => '?').join(', ');
  const insert = db.prepare(`INSERT INTO clicks (${columns}) VALUES (${placeholders})`);
  // The same, skipping a click whose link was deleted after the redirect looked it up.
  const insertIfLinked = db.prepare(`
    INSERT INTO clicks (${columns})
    SELECT ${placeholders} WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)`);
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
      c.variant ?? null,
      c.imported ? 1 : 0,
      c.rule ?? null,
      c.visitor ?? null,
    ] as const;
  const insertAll = db.transaction((clicks: readonly NewClick[]) => {
    for (const c of clicks) insert.run(...values(c));
  });
  const insertAllLinked = db.transaction((clicks: readonly NewClick[]) => {
    for (const c of clicks) insertIfLinked.run(...values(c), c.link_id);
  });

  const insertBatch = (clicks: readonly NewClick[]) => {
    try {
      insertAll(clicks);
    } catch (error) {
      // A deleted link's clicks go with it: drop those, keep the rest of the batch.
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw error;
      insertAllLinked(clicks);
    }
  };
  // Never inside another task's open transaction, where its rollback would take the clicks along.
  const turns = connectionTurns(db);
  return async (clicks) => {
    if (clicks.length === 0) return;
    await turns.whenFree(() => insertBatch(clicks));
  };
}
