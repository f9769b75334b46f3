/**
 * A link's shared stats pages (docs/api.md#shared-stats): each share is found by the sha256 of its
 * token, never by the token itself. Revoking deletes the row, so the next look-up misses on every
 * instance at once (nothing is cached).
 */
import type { Executor } from '../executor';

/** A share as stored; times in epoch milliseconds. */
export interface LinkShareRecord {
  id: number;
  link_id: number;
  password_hash: string | null;
  expires_at: number | null;
  created_at: number;
}

/** A share as a page reads it: with whether its link's owner is disabled (docs/api.md#shared-stats). */
export type SharedLinkRecord = LinkShareRecord & { owner_disabled: boolean };

export interface NewLinkShare {
  link_id: number;
  token_hash: string;
  password_hash: string | null;
  expires_at: number | null;
  created_at: number;
}

export interface LinkShareRepository {
  /**
   * The share, or 'limit' (nothing written) when the link has `max` already, or 'gone' when the link
   * is: exact under concurrent creates (PostgreSQL queues them on the link's row).
   */
  create(share: NewLinkShare, max: number): Promise<LinkShareRecord | 'limit' | 'gone'>;
  /** The link's shares, newest first. */
  list(linkId: number): Promise<LinkShareRecord[]>;
  /** Deletes the link's share; false when it has no such share. */
  remove(linkId: number, shareId: number): Promise<boolean>;
  /** The share whose token hashes to `tokenHash`, and whether its link's owner is disabled. */
  findByToken(tokenHash: string): Promise<SharedLinkRecord | undefined>;
}

const COLUMNS = 'id, link_id, password_hash, expires_at, created_at';
const SHARE_COLUMNS = 's.id, s.link_id, s.password_hash, s.expires_at, s.created_at';

function decoded(row: LinkShareRecord): LinkShareRecord {
  return {
    ...row,
    id: Number(row.id),
    link_id: Number(row.link_id),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    created_at: Number(row.created_at),
  };
}

export function createLinkShareRepository(db: Executor): LinkShareRepository {
  return {
    create(share, max) {
      return db.transaction(async (tx) => {
        const lock = tx.engine === 'postgres' ? ' FOR UPDATE' : '';
        if (!(await tx.get(`SELECT id FROM links WHERE id = ?${lock}`, [share.link_id]))) return 'gone';
        const owned = await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM link_shares WHERE link_id = ?', [
          share.link_id,
        ]);
        if (Number(owned!.n) >= max) return 'limit';
        const row = await tx.get<LinkShareRecord>(
          `INSERT INTO link_shares (link_id, token_hash, password_hash, expires_at, created_at)
           VALUES (?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
          [share.link_id, share.token_hash, share.password_hash, share.expires_at, share.created_at],
        );
        return decoded(row!);
      });
    },
    async list(linkId) {
      const rows = await db.all<LinkShareRecord>(
        `SELECT ${COLUMNS} FROM link_shares WHERE link_id = ? ORDER BY id DESC`,
        [linkId],
      );
      return rows.map(decoded);
    },
    async remove(linkId, shareId) {
      return (await db.run('DELETE FROM link_shares WHERE id = ? AND link_id = ?', [shareId, linkId])) > 0;
    },
    async findByToken(tokenHash) {
      const row = await db.get<SharedLinkRecord>(
        `SELECT ${SHARE_COLUMNS}, COALESCE(u.disabled, false) AS owner_disabled FROM link_shares s
         JOIN links l ON l.id = s.link_id LEFT JOIN users u ON u.id = l.user_id WHERE s.token_hash = ?`,
        [tokenHash],
        { booleans: ['owner_disabled'] },
      );
      return row && { ...decoded(row), owner_disabled: row.owner_disabled };
    },
  };
}
