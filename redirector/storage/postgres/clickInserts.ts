/**
 * The redirect path's write: a batch of clicks and its rollups (rollups.ts) in one prepared
 * statement, one round trip and one commit per batch.
 */
import { NEW_CLICK_COLUMNS } from '../repositories/columns';
import type { ClickRepository } from '../store';
import { isForeignKeyViolation, type Queryable } from './database';
import { ROLLUP_SOURCE_COLUMNS, withRollups } from './rollups';

/** The array type UNNEST gets for each column of a stored click. */
const ARRAY_TYPES: Record<(typeof NEW_CLICK_COLUMNS)[number], string> = {
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
};

const names = NEW_CLICK_COLUMNS.join(', ');
// One array per column, in the batch's order. A click whose link was deleted after the redirect
// looked it up is left out: a deleted link's clicks go with it.
const INSERT_SQL = withRollups(
  `batch AS MATERIALIZED (
    SELECT t.* FROM UNNEST(${NEW_CLICK_COLUMNS.map((name, i) => `$${i + 1}::${ARRAY_TYPES[name]}[]`).join(', ')})
      WITH ORDINALITY AS t(${names}, position)
    WHERE EXISTS (SELECT 1 FROM links l WHERE l.id = t.link_id)
  ),
  inserted AS (INSERT INTO clicks (${names}) SELECT ${names} FROM batch ORDER BY position)`,
  `SELECT ${ROLLUP_SOURCE_COLUMNS} FROM batch WHERE NOT is_bot`,
  'SELECT 1',
);

/** Prepared once per connection by this name. */
const INSERT_NAME = 'me_insert_clicks';

/** Two batches that waited for each other's rollup rows: one of them is rolled back and may retry. */
const isDeadlock = (error: unknown) => (error as { code?: string } | null)?.code === '40P01';

export function postgresClickInserts(db: Queryable): ClickRepository['insertMany'] {
  return async (clicks) => {
    if (clicks.length === 0) return;
    const values = NEW_CLICK_COLUMNS.map((name) => clicks.map((click) => click[name]));
    for (let attempt = 1; ; attempt++) {
      try {
        await db.query({ name: INSERT_NAME, text: INSERT_SQL, values });
        return;
      } catch (error) {
        // The link was deleted between the EXISTS check and the insert: once more, without it.
        if (attempt >= 3 || !(isForeignKeyViolation(error) || isDeadlock(error))) throw error;
      }
    }
  };
}
