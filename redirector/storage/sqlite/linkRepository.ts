import { UniqueViolation } from '../errors';
import type { LinkCounts, LinkRecord, LinkWithCounts } from '../records';
import type { LinkRepository } from '../store';
import { rollupFolder } from './analytics/rollups';
import { isUniqueViolation, type SqliteDatabase } from './database';

type LinkRow = Omit<LinkRecord, 'enable_tiktok_bypass' | 'enable_country_redirect' | 'enable_instagram_exit'> & {
  enable_tiktok_bypass: number;
  enable_country_redirect: number;
  enable_instagram_exit: number;
};

const BOOLEAN_COLUMNS = ['enable_tiktok_bypass', 'enable_country_redirect', 'enable_instagram_exit'] as const;
const CHANGEABLE_COLUMNS = [
  'title',
  'target_url',
  'enable_tiktok_bypass',
  'enable_country_redirect',
  'country_redirect_url',
  'enable_instagram_exit',
  'instagram_exit_url',
] as const;

function toRecord<T extends LinkRow>(row: T): Omit<T, (typeof BOOLEAN_COLUMNS)[number]> & LinkRecord {
  return {
    ...row,
    enable_tiktok_bypass: row.enable_tiktok_bypass === 1,
    enable_country_redirect: row.enable_country_redirect === 1,
    enable_instagram_exit: row.enable_instagram_exit === 1,
  };
}

function toRow(values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...values };
  for (const column of BOOLEAN_COLUMNS) {
    if (column in row) row[column] = row[column] ? 1 : 0;
  }
  return row;
}

// From the analytics rollups (analytics/schema.ts), folded up to the latest click first.
const COUNTS_SQL = `
  SELECT COALESCE(MAX(t.clicks), 0) AS total_clicks,
         COALESCE(MAX(t.visitors), 0) AS unique_visitors,
         COALESCE(MAX(t.blocked), 0) AS blocked_visitors
  FROM link_totals t WHERE t.link_id = ?`;

export function createLinkRepository(db: SqliteDatabase): LinkRepository {
  const insert = db.prepare(`
    INSERT INTO links (user_id, title, target_url, short_code, enable_tiktok_bypass, enable_country_redirect,
                       country_redirect_url, enable_instagram_exit, instagram_exit_url, created_at)
    VALUES (@user_id, @title, @target_url, @short_code, @enable_tiktok_bypass, @enable_country_redirect,
            @country_redirect_url, @enable_instagram_exit, @instagram_exit_url, @created_at)`);
  const byId = db.prepare('SELECT * FROM links WHERE id = ?');
  const byShortCode = db.prepare('SELECT * FROM links WHERE short_code = ?');
  const remove = db.prepare('DELETE FROM links WHERE id = ?');
  const counts = db.prepare(COUNTS_SQL);
  const listSql = (where: string) => `
    SELECT l.*,
           COALESCE(t.clicks, 0) AS total_clicks,
           COALESCE(t.visitors, 0) AS unique_visitors,
           COALESCE(t.blocked, 0) AS blocked_visitors
    FROM links l
    LEFT JOIN link_totals t ON t.link_id = l.id
    ${where}
    ORDER BY l.created_at DESC, l.id DESC`;
  const rollups = rollupFolder(db);
  const listAll = db.prepare(listSql(''));
  const listByUser = db.prepare(listSql('WHERE l.user_id = @userId'));

  return {
    async create(link) {
      try {
        const { lastInsertRowid } = insert.run(toRow(link));
        return { ...link, id: Number(lastInsertRowid) };
      } catch (error) {
        if (isUniqueViolation(error, 'short_code')) throw new UniqueViolation('short_code');
        throw error;
      }
    },
    async update(id, changes) {
      const columns = CHANGEABLE_COLUMNS.filter((column) => changes[column] !== undefined);
      if (columns.length > 0) {
        const sql = `UPDATE links SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
        db.prepare(sql).run({ ...toRow(changes), id });
      }
      const row = byId.get(id) as LinkRow | undefined;
      return row && toRecord(row);
    },
    async delete(id) {
      return remove.run(id).changes > 0;
    },
    async findById(id) {
      const row = byId.get(id) as LinkRow | undefined;
      return row && toRecord(row);
    },
    async findByShortCode(shortCode) {
      const row = byShortCode.get(shortCode) as LinkRow | undefined;
      return row && toRecord(row);
    },
    async list(filter) {
      rollups.foldBeforeRead();
      const rows = (
        filter.userId === undefined ? listAll.all() : listByUser.all({ userId: filter.userId })
      ) as (LinkRow & LinkCounts)[];
      return rows.map((row) => toRecord(row) as LinkWithCounts);
    },
    async counts(id) {
      rollups.foldBeforeRead();
      return counts.get(id) as LinkCounts;
    },
  };
}
