import type { ClickRecord, NewClick } from '../records';
import type { ClickRepository } from '../store';
import { isForeignKeyViolation, type Queryable } from './database';

/** The columns of a stored click, with their array types for UNNEST. */
const NEW_CLICK_COLUMNS = [
  ['link_id', 'bigint'],
  ['clicked_at', 'bigint'],
  ['ip_address', 'text'],
  ['country', 'text'],
  ['city', 'text'],
  ['device_type', 'text'],
  ['device_info', 'text'],
  ['browser', 'text'],
  ['browser_version', 'text'],
  ['os', 'text'],
  ['os_version', 'text'],
  ['referrer_source', 'text'],
  ['instagram_exit', 'boolean'],
  ['blocked', 'boolean'],
  ['is_bot', 'boolean'],
  ['user_agent', 'text'],
] as const satisfies readonly (readonly [keyof NewClick, string])[];

/** The columns of a ClickRecord, each prefixed with `alias.` when given. */
export function clickColumns(alias?: string): string {
  return ['id', ...NEW_CLICK_COLUMNS.map(([name]) => name)]
    .map((name) => (alias ? `${alias}.${name}` : name))
    .join(', ');
}

const names = NEW_CLICK_COLUMNS.map(([name]) => name).join(', ');
// One statement for the whole batch (one array per column), in the batch's order. A click whose
// link was deleted after the redirect looked it up is left out: a deleted link's clicks go with it.
const INSERT_SQL = `
  INSERT INTO clicks (${names})
  SELECT ${names} FROM UNNEST(${NEW_CLICK_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
    WITH ORDINALITY AS t(${names}, position)
  WHERE EXISTS (SELECT 1 FROM links l WHERE l.id = t.link_id)
  ORDER BY position`;

export function createClickRepository(db: Queryable): ClickRepository {
  return {
    async insertMany(clicks) {
      if (clicks.length === 0) return;
      const columns = NEW_CLICK_COLUMNS.map(([name]) => clicks.map((click) => click[name]));
      try {
        await db.query(INSERT_SQL, columns);
      } catch (error) {
        // The link was deleted between the EXISTS check and the insert: once more, without it.
        if (!isForeignKeyViolation(error)) throw error;
        await db.query(INSERT_SQL, columns);
      }
    },
    async listByLink(linkId) {
      const { rows } = await db.query<ClickRecord>(
        `SELECT ${clickColumns()} FROM clicks WHERE link_id = $1 ORDER BY clicked_at, id`,
        [linkId],
      );
      return rows;
    },
    async countAll() {
      const { rows } = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM clicks');
      return rows[0]!.n;
    },
  };
}
