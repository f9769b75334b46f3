/**
 * Hubs, their links and their avatars (docs/api.md#the-hub). A hub's links are rows of hub_links in
 * display order; a deleted link takes its row with it (ON DELETE CASCADE), so it leaves the hub.
 */
import type { Scope } from '../../auth/scope';
import type { HubInput, HubTheme } from '../../contract/hub';
import type { Executor, RowShape } from '../executor';
import { createHubFigures, type HubFigures } from './hubFigures';
import { hubOwnedBy, hubOwnedByRow, ownedBy, ownerValue, teamValue } from './scopeFilter';

/** A hub as stored, without its avatar's bytes; times in epoch milliseconds. */
export interface HubRecord {
  user_id: number;
  handle: string;
  title: string;
  bio: string;
  theme: HubTheme;
  accent: string;
  published: boolean;
  tiktok_bypass: boolean;
  avatar_type: string | null;
  avatar_etag: string | null;
  created_at: number;
  updated_at: number;
}

/** One link of a hub with what its button shows. */
export interface HubLinkRecord {
  link_id: number;
  label: string | null;
  title: string;
  short_code: string;
  domain: string | null;
}

export type HubWithLinks = HubRecord & { links: HubLinkRecord[] };

/** What the public page needs: the hub, its links, and whether its owner is disabled. */
export type HubPageRecord = HubWithLinks & { owner_disabled: boolean };

export interface HubAvatar {
  bytes: Buffer;
  type: string;
  etag: string;
}

/** A hub as the administrator's list shows it. */
export type ListedHub = HubRecord & { user_email: string; user_name: string; owner_disabled: boolean; views: number };

export interface HubRepository extends HubFigures {
  /** The scope's hub (docs/api.md#scope-who-a-call-acts-for). */
  of(scope: Scope): Promise<HubWithLinks | undefined>;
  byHandle(handle: string): Promise<HubPageRecord | undefined>;
  /** Creates or replaces the scope's hub and its links. Throws UniqueViolation('handle'). */
  save(scope: Scope, hub: HubInput, now: number): Promise<void>;
  /** False when the scope had no hub. */
  delete(scope: Scope): Promise<boolean>;
  /** Which of these link ids the scope owns. */
  ownedLinkIds(scope: Scope, linkIds: readonly number[]): Promise<Set<number>>;
  /** False when the scope has no hub. `avatar` null removes it. */
  setAvatar(scope: Scope, avatar: HubAvatar | null, now: number): Promise<boolean>;
  /** The avatar of a published hub of an enabled owner. */
  avatarOf(handle: string): Promise<HubAvatar | undefined>;
  /** Published hubs (their owners disabled or not): the handles the short-link edge knows a hub click by. */
  directory(): Promise<{ handle: string; user_id: number }[]>;
  /** Changes whenever a hub is created, changed or deleted. */
  fingerprint(): Promise<string>;
  /** A page of hubs, by handle; `q` a substring of handle, title or owner's email. */
  page(query: { q: string; limit: number; offset: number }): Promise<{ rows: ListedHub[]; total: number }>;
}

const HUB_COLUMNS = `h.user_id, h.handle, h.title, h.bio, h.theme, h.accent, h.published, h.tiktok_bypass,
  h.avatar_type, h.avatar_etag, h.created_at, h.updated_at`;
const HUB_SHAPE: RowShape = { booleans: ['published', 'tiktok_bypass', 'owner_disabled'] };

/** `reads`: where the figures are read (a replica, docs/api.md#read-replicas); their writes go in `transaction`, on the primary. */
export function createHubRepository(db: Executor, reads: Executor = db): HubRepository {
  /** The links of the hub found (the subject: its owner is the hub row's). */
  async function linksOf(hub: Pick<HubRecord, 'user_id'>): Promise<HubLinkRecord[]> {
    const owned = hubOwnedByRow(hub.user_id, 'hl');
    return db.all<HubLinkRecord>(
      `SELECT hl.link_id, hl.label, l.title, l.short_code, l.domain
       FROM hub_links hl JOIN links l ON l.id = hl.link_id WHERE ${owned.sql} ORDER BY hl.position`,
      owned.params,
    );
  }

  return {
    ...createHubFigures(reads),
    async of(scope) {
      const owned = hubOwnedBy(scope, 'h');
      const hub = await db.get<HubRecord>(
        `SELECT ${HUB_COLUMNS} FROM hubs h WHERE ${owned.sql}`,
        owned.params,
        HUB_SHAPE,
      );
      return hub && { ...hub, links: await linksOf(hub) };
    },
    async byHandle(handle) {
      const hub = await db.get<HubRecord & { owner_disabled: boolean }>(
        `SELECT ${HUB_COLUMNS}, u.disabled AS owner_disabled FROM hubs h JOIN users u ON u.id = h.user_id
         WHERE h.handle = ?`,
        [handle],
        HUB_SHAPE,
      );
      return hub && { ...hub, links: await linksOf(hub) };
    },
    async save(scope, hub, now) {
      const owned = hubOwnedBy(scope);
      const userId = ownerValue(scope);
      await db.transaction(async (tx) => {
        const values = [hub.handle, hub.title, hub.bio, hub.theme, hub.accent, hub.published, hub.tiktok_bypass];
        // One statement: two first saves at once update the row the first one inserted.
        await tx.run(
          `INSERT INTO hubs (handle, title, bio, theme, accent, published, tiktok_bypass, created_at, updated_at, user_id,
             team_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET handle = excluded.handle, title = excluded.title, bio = excluded.bio,
             theme = excluded.theme, accent = excluded.accent, published = excluded.published,
             tiktok_bypass = excluded.tiktok_bypass, updated_at = excluded.updated_at`,
          [...values, now, now, userId, teamValue(scope)],
        );
        await tx.run(`DELETE FROM hub_links WHERE ${owned.sql}`, owned.params);
        for (const [position, link] of hub.links.entries()) {
          await tx.run('INSERT INTO hub_links (user_id, link_id, position, label) VALUES (?, ?, ?, ?)', [
            userId,
            link.link_id,
            position,
            link.label,
          ]);
        }
      });
    },
    async delete(scope) {
      const owned = hubOwnedBy(scope);
      return (await db.run(`DELETE FROM hubs WHERE ${owned.sql}`, owned.params)) > 0;
    },
    async ownedLinkIds(scope, linkIds) {
      if (linkIds.length === 0) return new Set();
      const owned = ownedBy(scope);
      const rows = await db.all<{ id: number }>(
        `SELECT id FROM links WHERE ${owned.sql} AND id IN (${linkIds.map(() => '?').join(', ')})`,
        [...owned.params, ...linkIds],
      );
      return new Set(rows.map((row) => Number(row.id)));
    },
    async setAvatar(scope, avatar, now) {
      const owned = hubOwnedBy(scope);
      const changed = await db.run(
        `UPDATE hubs SET avatar = ?, avatar_type = ?, avatar_etag = ?, updated_at = ? WHERE ${owned.sql}`,
        [avatar?.bytes ?? null, avatar?.type ?? null, avatar?.etag ?? null, now, ...owned.params],
      );
      return changed > 0;
    },
    async avatarOf(handle) {
      const row = await db.get<{ bytes: Buffer | null; type: string; etag: string }>(
        `SELECT h.avatar AS bytes, h.avatar_type AS type, h.avatar_etag AS etag FROM hubs h JOIN users u ON u.id = h.user_id
         WHERE h.handle = ? AND h.published = ? AND u.disabled = ? AND h.avatar IS NOT NULL`,
        [handle, true, false],
      );
      return row?.bytes ? { bytes: Buffer.from(row.bytes), type: row.type, etag: row.etag } : undefined;
    },
    directory: () =>
      db.all<{ handle: string; user_id: number }>('SELECT handle, user_id FROM hubs WHERE published = ?', [true]),
    async fingerprint() {
      const row = await db.get<{ n: number; latest: number | null }>(
        'SELECT COUNT(*) AS n, MAX(updated_at) AS latest FROM hubs',
      );
      return `${row?.n ?? 0}:${row?.latest ?? 0}`;
    },
    page: (query) => listHubs(db, query),
  };
}

/** A page of hubs by handle, with each owner and the hub's views. */
async function listHubs(
  db: Executor,
  { q, limit, offset }: { q: string; limit: number; offset: number },
): Promise<{ rows: ListedHub[]; total: number }> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = `WHERE (CAST(? AS TEXT) = '' OR lower(h.handle) LIKE ? ESCAPE '\\' OR lower(h.title) LIKE ? ESCAPE '\\'
    OR lower(u.email) LIKE ? ESCAPE '\\')`;
  const params = [q, pattern, pattern, pattern];
  const rows = await db.all<ListedHub>(
    `SELECT ${HUB_COLUMNS}, u.email AS user_email, u.name AS user_name, u.disabled AS owner_disabled,
       (SELECT COUNT(*) FROM hub_views v WHERE v.user_id = h.user_id) AS views
     FROM hubs h JOIN users u ON u.id = h.user_id ${where} ORDER BY h.handle LIMIT ? OFFSET ?`,
    [...params, limit, offset],
    HUB_SHAPE,
  );
  const total = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM hubs h JOIN users u ON u.id = h.user_id ${where}`,
    params,
  );
  return { rows: rows.map((row) => ({ ...row, views: Number(row.views) })), total: Number(total?.n ?? 0) };
}
