import { columnList, type Executor } from '../executor';
import type { LinkRecord } from '../records';
import type { LinkRepository } from '../store';
import { CHANGEABLE_LINK_COLUMNS, LINK_COLUMNS, LINK_SHAPE } from './columns';
import type { LinkCountQueries } from './linkCounts';

const COLUMNS = columnList(LINK_COLUMNS);
const NEW_LINK_COLUMNS = LINK_COLUMNS.filter((column) => column !== 'id');

const INSERT_SQL = `
  INSERT INTO links (${columnList(NEW_LINK_COLUMNS)})
  VALUES (${NEW_LINK_COLUMNS.map(() => '?').join(', ')}) RETURNING ${COLUMNS}`;

/** The link's own columns; its counts come from the engine's LinkCountQueries. */
// Built once: the SQLite executor finds its prepared statement by this text on every redirect-path miss.
const BY_ID_SQL = `SELECT ${COLUMNS} FROM links WHERE id = ?`;
const BY_SHORT_CODE_SQL = `SELECT ${COLUMNS} FROM links WHERE short_code = ?`;

export function createLinkRepository(db: Executor, counts: LinkCountQueries): LinkRepository {
  const findById = (id: number) => db.get<LinkRecord>(BY_ID_SQL, [id], LINK_SHAPE);

  return {
    async create(link) {
      const row = await db.get<LinkRecord>(
        INSERT_SQL,
        NEW_LINK_COLUMNS.map((column) => link[column]),
        LINK_SHAPE,
      );
      return row!;
    },
    async update(id, changes) {
      const columns = CHANGEABLE_LINK_COLUMNS.filter((column) => changes[column] !== undefined);
      if (columns.length === 0) return findById(id);
      return db.get<LinkRecord>(
        `UPDATE links SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ? RETURNING ${COLUMNS}`,
        [...columns.map((column) => changes[column] ?? null), id],
        LINK_SHAPE,
      );
    },
    async delete(id) {
      return (await db.run('DELETE FROM links WHERE id = ?', [id])) > 0;
    },
    findById,
    findByShortCode: (shortCode) => db.get<LinkRecord>(BY_SHORT_CODE_SQL, [shortCode], LINK_SHAPE),
    list: (filter) => counts.list(filter),
    counts: (id) => counts.counts(id),
  };
}
