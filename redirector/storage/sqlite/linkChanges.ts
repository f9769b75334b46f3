/**
 * A token that changes whenever a link's short code, owner, team or domain may have changed, or a
 * link was deleted: by this connection (temporary triggers calling back into this process; a
 * foreign key's cascade fires them too) or by any other (`PRAGMA data_version`, which SQLite bumps
 * on each commit of another connection). The events' window of recent clicks keeps the links'
 * columns it read for as long as the token stays the same, so that the stream, the webhooks and
 * the broker share one read of a link instead of each reading it again (docs/performance.md#events).
 */
import type { SqliteDatabase } from './database';

export type LinkChanges = () => string;

/** One watch per connection: a second would take the first's callback over. */
const watched = new WeakMap<SqliteDatabase, LinkChanges | undefined>();

/** undefined when the connection cannot take the triggers (read-only): then nothing is kept. */
export function watchLinkChanges(db: SqliteDatabase): LinkChanges | undefined {
  if (!watched.has(db)) watched.set(db, watch(db));
  return watched.get(db);
}

function watch(db: SqliteDatabase): LinkChanges | undefined {
  let changes = 0;
  try {
    db.function('me_link_changed', { deterministic: false }, () => {
      changes += 1;
      return null;
    });
    db.exec(`
      CREATE TEMP TRIGGER IF NOT EXISTS me_link_updated
        AFTER UPDATE OF short_code, user_id, team_id, domain ON main.links
        BEGIN SELECT me_link_changed(); END;
      CREATE TEMP TRIGGER IF NOT EXISTS me_link_deleted
        AFTER DELETE ON main.links
        BEGIN SELECT me_link_changed(); END;`);
  } catch {
    return undefined;
  }
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  return () => `${changes}:${dataVersion.get() as number}`;
}
