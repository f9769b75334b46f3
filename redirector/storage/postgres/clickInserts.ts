/**
 * The redirect path's write: a batch of clicks, their ids queued for the analytics fold
 * (rollups.ts), in one prepared statement: one round trip and one commit per batch.
 */
import { NEW_CLICK_COLUMNS } from '../repositories/columns';
import type { ClickRepository } from '../store';
import { isForeignKeyViolation, type Queryable } from './database';

const INSERTED_COLUMNS = [...NEW_CLICK_COLUMNS, 'visitor'] as const;

/** The array type UNNEST gets for each column of a stored click. */
const ARRAY_TYPES: Record<(typeof INSERTED_COLUMNS)[number], string> = {
  link_id: 'bigint',
  clicked_at: 'bigint',
  ip_address: 'text',
  country: 'text',
  city: 'text',
  device_type: 'text',
  device_info: 'text',
  browser: 'text',
  browser_version: 'text',
  os: 'text',
  os_version: 'text',
  referrer_source: 'text',
  instagram_exit: 'boolean',
  blocked: 'boolean',
  is_bot: 'boolean',
  user_agent: 'text',
  visitor: 'text',
};

const names = INSERTED_COLUMNS.join(', ');
// One array per column, in the batch's order. A click whose link was deleted after the redirect
// looked it up is left out: a deleted link's clicks go with it.
const INSERT_SQL = `
  WITH inserted AS (
    INSERT INTO clicks (${names})
    SELECT ${names} FROM UNNEST(${INSERTED_COLUMNS.map((name, i) => `$${i + 1}::${ARRAY_TYPES[name]}[]`).join(', ')})
      WITH ORDINALITY AS t(${names}, position)
    WHERE EXISTS (SELECT 1 FROM links l WHERE l.id = t.link_id)
    ORDER BY position
    RETURNING id
  )
  INSERT INTO clicks_unfolded (id) SELECT id FROM inserted`;

/** Prepared once per connection by this name. */
const INSERT_NAME = 'me_insert_clicks';

export function postgresClickInserts(db: Queryable): ClickRepository['insertMany'] {
  return async (clicks) => {
    if (clicks.length === 0) return;
    const values = INSERTED_COLUMNS.map((name) => clicks.map((click) => click[name] ?? null));
    try {
      await db.query({ name: INSERT_NAME, text: INSERT_SQL, values });
    } catch (error) {
      // The link was deleted between the EXISTS check and the insert: once more, without it.
      if (!isForeignKeyViolation(error)) throw error;
      await db.query({ name: INSERT_NAME, text: INSERT_SQL, values });
    }
  };
}
