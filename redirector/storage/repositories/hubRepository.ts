/**
 * Hubs, their items and their images (docs/api.md#the-hub, docs/api.md#hub-items). A hub's items
 * are rows of hub_items in display order (hubItemRows.ts); a deleted link takes its item with it
 * (ON DELETE CASCADE), so it leaves the hub.
 */
import type { Scope } from '../../auth/scope';
import type { HubInput, HubTheme } from '../../contract/hub';
import type { AfterWrite, Executor, RowShape } from '../executor';
import { holdAddress } from './addressNamespace';
import { createHubFigures, type HubFigures } from './hubFigures';
import { createHubImages, type HubImages } from './hubImages';
import { type HubItemRecord, type HubLinkRecord, readItems, replaceItems } from './hubItemRows';
import { hubOwnedBy, ownedBy, ownerValue, reachedBy, teamValue } from './scopeFilter';
import { containsAny } from './textSearch';

export type { HubItemRecord, HubLinkRecord } from './hubItemRows';

/** A hub as stored, without its avatar's bytes; times in epoch milliseconds. */
export interface HubRecord {
  /** The team whose hub it is (docs/api.md#domains-and-hubs-of-a-team). */
  team_id: number;
  /** A personal team's user; null for a shared team's hub. */
  user_id: number | null;
  handle: string;
  title: string;
  bio: string;
  theme: HubTheme;
  accent: string;
  published: boolean;
  tiktok_bypass: boolean;
  avatar_type: string | null;
  avatar_etag: string | null;
  background_color: string | null;
  meta_description: string;
  noindex: boolean;
  sensitive: boolean;
  background_type: string | null;
  background_etag: string | null;
  created_at: number;
  updated_at: number;
}

/** A hub with its items, and its link items as §15's links. */
export type HubWithLinks = HubRecord & { items: HubItemRecord[]; links: HubLinkRecord[] };

/** What the public page needs: the hub, its links, and whether its owner is disabled. */
export type HubPageRecord = HubWithLinks & { owner_disabled: boolean };

export type { HubAvatar } from './hubImages';

/** A visible link item of a published hub: its team, its link and its schedule (null: open). */
export interface DirectoryLink {
  team_id: number;
  link_id: number;
  starts_at: number | null;
  ends_at: number | null;
}

/** A hub as the administrator's list shows it: a personal team's with its user, a shared team's with its name. */
export type ListedHub = HubRecord & {
  user_email: string | null;
  user_name: string | null;
  team_name: string;
  owner_disabled: boolean;
  views: number;
};

export interface HubRepository extends HubFigures, HubImages {
  /** The scope's hub (docs/api.md#scope-who-a-call-acts-for). */
  of(scope: Scope): Promise<HubWithLinks | undefined>;
  byHandle(handle: string): Promise<HubPageRecord | undefined>;
  /** Creates or replaces the scope's hub and its links. Throws UniqueViolation('handle'). */
  /** `afterWrite` (the audit entry) runs in the save's transaction, as in delete. */
  save(scope: Scope, hub: HubInput, now: number, afterWrite?: AfterWrite<void>): Promise<void>;
  /** False when the scope had no hub. */
  delete(scope: Scope, afterWrite?: AfterWrite<void>): Promise<boolean>;
  /**
   * Which of these link ids the scope may put on its hub: its team's links, and for an own-links-only
   * member only those they made or already on the hub (docs/api.md#roles).
   */
  ownedLinkIds(scope: Scope, linkIds: readonly number[]): Promise<Set<number>>;
  /** Published hubs (their owners disabled or not): the handles the short-link edge knows a hub click by. */
  directory(): Promise<{ handle: string; team_id: number }[]>;
  /**
   * The visible link items of the published hubs, each with its schedule: the links a hub click may
   * count for (docs/api.md#hub-clicks), as long as the click falls between the item's start and end.
   */
  directoryLinks(): Promise<DirectoryLink[]>;
  /** Changes whenever a hub is created, changed or deleted. */
  fingerprint(): Promise<string>;
  /** A page of hubs, by handle; `q` a substring of handle, title or owner's email. */
  page(query: { q: string; limit: number; offset: number }): Promise<{ rows: ListedHub[]; total: number }>;
}

const HUB_COLUMNS = `h.team_id, h.user_id, h.handle, h.title, h.bio, h.theme, h.accent, h.published, h.tiktok_bypass,
  h.avatar_type, h.avatar_etag, h.background_color, h.meta_description, h.noindex, h.sensitive, h.background_type,
  h.background_etag, h.created_at, h.updated_at`;
const HUB_SHAPE: RowShape = { booleans: ['published', 'tiktok_bypass', 'owner_disabled', 'noindex', 'sensitive'] };

/** The link items of `items` as §15's links. */
function linksOf(items: readonly HubItemRecord[]): HubLinkRecord[] {
  return items.flatMap((item) =>
    item.type === 'link'
      ? [
          {
            link_id: item.link_id,
            label: item.label,
            title: item.title,
            short_code: item.short_code,
            domain: item.domain,
          },
        ]
      : [],
  );
}

/** Deletes the scope's hub, `afterWrite` (its audit entry) in the same transaction. */
function deleteHub(db: Executor, scope: Scope, afterWrite?: AfterWrite<void>): Promise<boolean> {
  const owned = hubOwnedBy(scope);
  return db.transaction(async (tx) => {
    const deleted = (await tx.run(`DELETE FROM hubs WHERE ${owned.sql}`, owned.params)) > 0;
    if (deleted) await afterWrite?.(tx, undefined);
    return deleted;
  });
}

/** `reads`: where the figures are read (a replica, docs/api.md#read-replicas); their writes go in `transaction`, on the primary. */
export function createHubRepository(db: Executor, reads: Executor = db): HubRepository {
  /** The items of the hub found (the subject: its owner is the hub row's). */
  async function withItems<T extends HubRecord>(
    hub: T,
  ): Promise<T & { items: HubItemRecord[]; links: HubLinkRecord[] }> {
    const items = await readItems(db, Number(hub.team_id));
    return { ...hub, items, links: linksOf(items) };
  }

  return {
    ...createHubFigures(reads),
    ...createHubImages(db),
    async of(scope) {
      const owned = hubOwnedBy(scope, 'h');
      const hub = await db.get<HubRecord>(
        `SELECT ${HUB_COLUMNS} FROM hubs h WHERE ${owned.sql}`,
        owned.params,
        HUB_SHAPE,
      );
      return hub && withItems(hub);
    },
    async byHandle(handle) {
      const hub = await db.get<HubRecord & { owner_disabled: boolean }>(
        `SELECT ${HUB_COLUMNS}, COALESCE(u.disabled, ?) AS owner_disabled FROM hubs h
         LEFT JOIN users u ON u.id = h.user_id WHERE h.handle = ?`,
        [false, handle],
        HUB_SHAPE,
      );
      return hub && withItems(hub);
    },
    async save(scope, hub, now, afterWrite) {
      const teamId = teamValue(scope);
      if (teamId === null) return;
      await db.transaction(async (tx) => {
        await holdAddress(tx, hub.handle, 'handle', teamId);
        const values = [hub.handle, hub.title, hub.bio, hub.theme, hub.accent, hub.published, hub.tiktok_bypass];
        const page = [hub.background_color, hub.meta_description, hub.noindex, hub.sensitive];
        // One statement: two first saves at once update the row the first one inserted.
        await tx.run(
          `INSERT INTO hubs (handle, title, bio, theme, accent, published, tiktok_bypass, background_color,
             meta_description, noindex, sensitive, created_at, updated_at, user_id, team_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (team_id) DO UPDATE SET handle = excluded.handle, title = excluded.title, bio = excluded.bio,
             theme = excluded.theme, accent = excluded.accent, published = excluded.published,
             tiktok_bypass = excluded.tiktok_bypass, background_color = excluded.background_color,
             meta_description = excluded.meta_description, noindex = excluded.noindex, sensitive = excluded.sensitive,
             updated_at = excluded.updated_at`,
          [...values, ...page, now, now, ownerValue(scope), teamId],
        );
        await replaceItems(tx, teamId, hub.items);
        await afterWrite?.(tx, undefined);
      });
    },
    delete: (scope, afterWrite) => deleteHub(db, scope, afterWrite),
    async ownedLinkIds(scope, linkIds) {
      if (linkIds.length === 0) return new Set();
      const owned = ownedBy(scope);
      const reached = reachedBy(scope) ?? owned;
      const onHub = hubOwnedBy(scope);
      const rows = await db.all<{ id: number }>(
        `SELECT id FROM links WHERE ${owned.sql} AND id IN (${linkIds.map(() => '?').join(', ')})
         AND ((${reached.sql}) OR id IN (SELECT link_id FROM hub_items WHERE ${onHub.sql} AND type = 'link'))`,
        [...owned.params, ...linkIds, ...reached.params, ...onHub.params],
      );
      return new Set(rows.map((row) => Number(row.id)));
    },
    directory: () =>
      db.all<{ handle: string; team_id: number }>('SELECT handle, team_id FROM hubs WHERE published = ?', [true]),
    directoryLinks: () =>
      db.all<DirectoryLink>(
        `SELECT i.team_id, i.link_id, i.starts_at, i.ends_at FROM hub_items i JOIN hubs h ON h.team_id = i.team_id
         WHERE h.published = ? AND i.type = 'link' AND i.visible = ?`,
        [true, true],
      ),
    async fingerprint() {
      const row = await db.get<{ n: number; latest: number | null }>(
        'SELECT COUNT(*) AS n, MAX(updated_at) AS latest FROM hubs',
      );
      return `${row?.n ?? 0}:${row?.latest ?? 0}`;
    },
    page: (query) => listHubs(db, query),
  };
}

/** Each hub with its team, and a personal team's user. */
const LISTED_FROM = 'hubs h JOIN teams t ON t.id = h.team_id LEFT JOIN users u ON u.id = h.user_id';

/** A page of hubs by handle, with each owner and the hub's views. */
async function listHubs(
  db: Executor,
  { q, limit, offset }: { q: string; limit: number; offset: number },
): Promise<{ rows: ListedHub[]; total: number }> {
  const match = q === '' ? undefined : containsAny(db.engine, ['h.handle', 'h.title', 'COALESCE(u.email, t.name)'], q);
  const where = match ? `WHERE ${match.sql}` : '';
  const params = match?.params ?? [];
  const rows = await db.all<ListedHub>(
    `SELECT ${HUB_COLUMNS}, u.email AS user_email, u.name AS user_name, t.name AS team_name,
       COALESCE(u.disabled, ?) AS owner_disabled,
       (SELECT COUNT(*) FROM hub_views v WHERE v.team_id = h.team_id) AS views
     FROM ${LISTED_FROM} ${where} ORDER BY h.handle LIMIT ? OFFSET ?`,
    [false, ...params, limit, offset],
    HUB_SHAPE,
  );
  const total = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${LISTED_FROM} ${where}`, params);
  return { rows: rows.map((row) => ({ ...row, views: Number(row.views) })), total: Number(total?.n ?? 0) };
}
