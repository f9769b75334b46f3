import { UniqueViolation } from '../errors';
import type { LinkCounts, LinkRecord, LinkWithCounts } from '../records';
import type { LinkRepository } from '../store';
import { isUniqueViolation, type PgPool, readSnapshot } from './database';

const LINK_COLUMN_NAMES = [
  'id',
  'user_id',
  'title',
  'target_url',
  'short_code',
  'enable_tiktok_bypass',
  'enable_country_redirect',
  'country_redirect_url',
  'enable_instagram_exit',
  'instagram_exit_url',
  'created_at',
] as const;

/** The columns of a LinkRecord, each prefixed with `alias.` when given. */
export function linkColumns(alias?: string): string {
  return LINK_COLUMN_NAMES.map((name) => (alias ? `${alias}.${name}` : name)).join(', ');
}

const LINK_COLUMNS = linkColumns();

const CHANGEABLE_COLUMNS = [
  'title',
  'target_url',
  'enable_tiktok_bypass',
  'enable_country_redirect',
  'country_redirect_url',
  'enable_instagram_exit',
  'instagram_exit_url',
] as const;

/**
 * The counts every link object carries (bots left out, blocked clicks counted: CONTRACT §5), from
 * the clicks grouped by link and address: hashing those groups costs a fraction of
 * COUNT(DISTINCT ip_address), which sorts every click.
 */
const PER_VISITOR = `
  SELECT c.link_id, c.ip_address, COUNT(*) AS clicks, COUNT(*) FILTER (WHERE c.blocked) AS blocked
  FROM clicks c WHERE NOT c.is_bot`;
const TOTALS = `
  COALESCE(SUM(v.clicks), 0)::bigint AS total_clicks, COUNT(*) AS unique_visitors,
  COALESCE(SUM(v.blocked), 0)::bigint AS blocked_visitors`;

/** The counts of the link whose id is the SQL expression `linkId` (the clicks_link_time index). */
export function linkCountsSql(linkId: string): string {
  return `SELECT ${TOTALS} FROM (${PER_VISITOR} AND c.link_id = ${linkId} GROUP BY c.link_id, c.ip_address) v`;
}

export function createLinkRepository(db: PgPool): LinkRepository {
  // Every link: one pass over the clicks. One user's links: each through the index.
  const listAll = `
    SELECT ${linkColumns('l')}, COALESCE(t.total_clicks, 0) AS total_clicks,
           COALESCE(t.unique_visitors, 0) AS unique_visitors, COALESCE(t.blocked_visitors, 0) AS blocked_visitors
    FROM links l
    LEFT JOIN (SELECT v.link_id, ${TOTALS} FROM (${PER_VISITOR} GROUP BY c.link_id, c.ip_address) v GROUP BY v.link_id) t
      ON t.link_id = l.id
    ORDER BY l.created_at DESC, l.id DESC`;
  const listByUser = `
    SELECT ${linkColumns('l')}, t.total_clicks, t.unique_visitors, t.blocked_visitors
    FROM links l
    CROSS JOIN LATERAL (${linkCountsSql('l.id')}) t
    WHERE l.user_id = $1
    ORDER BY l.created_at DESC, l.id DESC`;

  async function findBy(column: 'id' | 'short_code', value: number | string): Promise<LinkRecord | undefined> {
    const { rows } = await db.query<LinkRecord>(`SELECT ${LINK_COLUMNS} FROM links WHERE ${column} = $1`, [value]);
    return rows[0];
  }

  return {
    async create(link) {
      try {
        const { rows } = await db.query<LinkRecord>(
          `INSERT INTO links (user_id, title, target_url, short_code, enable_tiktok_bypass, enable_country_redirect,
                              country_redirect_url, enable_instagram_exit, instagram_exit_url, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${LINK_COLUMNS}`,
          [
            link.user_id,
            link.title,
            link.target_url,
            link.short_code,
            link.enable_tiktok_bypass,
            link.enable_country_redirect,
            link.country_redirect_url,
            link.enable_instagram_exit,
            link.instagram_exit_url,
            link.created_at,
          ],
        );
        return rows[0]!;
      } catch (error) {
        if (isUniqueViolation(error, 'links_short_code_key')) throw new UniqueViolation('short_code');
        throw error;
      }
    },
    async update(id, changes) {
      const columns = CHANGEABLE_COLUMNS.filter((column) => changes[column] !== undefined);
      if (columns.length === 0) return findBy('id', id);
      const assignments = columns.map((column, index) => `${column} = $${index + 2}`).join(', ');
      const { rows } = await db.query<LinkRecord>(
        `UPDATE links SET ${assignments} WHERE id = $1 RETURNING ${LINK_COLUMNS}`,
        [id, ...columns.map((column) => changes[column])],
      );
      return rows[0];
    },
    async delete(id) {
      const { rowCount } = await db.query('DELETE FROM links WHERE id = $1', [id]);
      return (rowCount ?? 0) > 0;
    },
    findById: (id) => findBy('id', id),
    findByShortCode: (shortCode) => findBy('short_code', shortCode),
    async list(filter) {
      const { rows } = await readSnapshot(db, (client) =>
        filter.userId === undefined
          ? client.query<LinkWithCounts>(listAll)
          : client.query<LinkWithCounts>(listByUser, [filter.userId]),
      );
      return rows;
    },
    async counts(id) {
      const { rows } = await db.query<LinkCounts>(linkCountsSql('$1'), [id]);
      return rows[0]!;
    },
  };
}
