/**
 * The redirect path's write: a batch of clicks in one transaction, statements prepared once, at the
 * first batch (a store that only looks at a database a migration behind never prepares them).
 * Each committed batch, with the ids it took, goes to `stored` (the events' window of recent clicks,
 * repositories/recentClicks.ts), so that the events never read their new clicks back.
 */
import type { NewClick } from '../records';
import { CLICK_ID_FLOOR_SQL } from '../repositories/clickIdFloor';
import { NEW_CLICK_COLUMNS } from '../repositories/columns';
import type { KeptClick, RecentClicks } from '../repositories/recentClicks';
import type { ClickRepository } from '../store';
import { connectionTurns } from './connectionTurns';
import type { SqliteDatabase } from './database';

type Stored = Pick<RecentClicks, 'wanted' | 'stored'>;

export function sqliteClickInserts(db: SqliteDatabase, stored?: Stored): ClickRepository['insertMany'] {
  let insertBatch: ClickRepository['insertMany'] | undefined;
  return (clicks) => {
    insertBatch ??= prepareClickInserts(db, stored);
    return insertBatch(clicks);
  };
}

/** A stored click as the events' feed reads it (eventFeed.ts: non-bot, non-imported), its link's columns left out. */
function keptClick(id: number, c: NewClick): KeptClick {
  return {
    id,
    link_id: c.link_id,
    clicked_at: c.clicked_at,
    country: c.country,
    city: c.city ?? null,
    device_type: c.device_type,
    os: c.os ?? null,
    browser: c.browser ?? null,
    referrer_source: c.referrer_source ?? null,
    ip_address: c.ip_address,
  };
}

/** The batch's ids and its clicks the feed shows, handed to `stored` once committed. */
function handOver({ stored }: Stored, clicks: readonly NewClick[], ids: readonly (number | undefined)[]): void {
  let first = 0;
  let last = 0;
  const kept: KeptClick[] = [];
  for (let i = 0; i < clicks.length; i++) {
    const id = ids[i];
    if (id === undefined) continue;
    if (first === 0) first = id;
    last = id;
    const c = clicks[i]!;
    if (!c.is_bot && !c.imported) kept.push(keptClick(id, c));
  }
  if (first > 0) stored(first, last, kept);
}

function prepareClickInserts(db: SqliteDatabase, stored?: Stored): ClickRepository['insertMany'] {
  const columns = [...NEW_CLICK_COLUMNS, 'visitor'].join(', ');
  const placeholders = [...NEW_CLICK_COLUMNS, 'visitor'].map(() => '?').join(', ');
  const insert = db.prepare(`INSERT INTO clicks (${columns}) VALUES (${placeholders})`);
  // The same, skipping a click whose link was deleted after the redirect looked it up.
  const insertIfLinked = db.prepare(`
    INSERT INTO clicks (${columns})
    SELECT ${placeholders} WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)`);
  // Both with the id given: the first click of a batch after the newest clicks were deleted (clickIdFloor.ts).
  const insertAt = db.prepare(`INSERT INTO clicks (id, ${columns}) VALUES (?, ${placeholders})`);
  const insertAtIfLinked = db.prepare(`
    INSERT INTO clicks (id, ${columns})
    SELECT ?, ${placeholders} WHERE EXISTS (SELECT 1 FROM links WHERE id = ?)`);
  const floor = db.prepare(CLICK_ID_FLOOR_SQL).pluck();
  /** The id the batch's first stored click takes, when the floor is above every stored click. */
  const firstId = () => {
    const highest = floor.get() as number | undefined;
    return highest === undefined ? undefined : Number(highest) + 1;
  };
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
  // Each click's id, or undefined for one not stored (its link was deleted).
  const insertAll = db.transaction((clicks: readonly NewClick[]) => {
    const first = firstId();
    return clicks.map((c, i) =>
      Number(
        (i === 0 && first !== undefined ? insertAt.run(first, ...values(c)) : insert.run(...values(c))).lastInsertRowid,
      ),
    );
  });
  const insertAllLinked = db.transaction((clicks: readonly NewClick[]) => {
    let first = firstId();
    return clicks.map((c) => {
      const result =
        first !== undefined
          ? insertAtIfLinked.run(first, ...values(c), c.link_id)
          : insertIfLinked.run(...values(c), c.link_id);
      if (result.changes === 0) return undefined;
      first = undefined;
      return Number(result.lastInsertRowid);
    });
  });

  const insertBatch = (clicks: readonly NewClick[]) => {
    let ids: (number | undefined)[];
    try {
      ids = insertAll(clicks);
    } catch (error) {
      // A deleted link's clicks go with it: drop those, keep the rest of the batch.
      if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw error;
      ids = insertAllLinked(clicks);
    }
    if (stored?.wanted()) handOver(stored, clicks, ids);
  };
  // Never inside another task's open transaction, where its rollback would take the clicks along.
  const turns = connectionTurns(db);
  return async (clicks) => {
    if (clicks.length === 0) return;
    await turns.whenFree(() => insertBatch(clicks));
  };
}
