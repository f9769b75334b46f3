/**
 * A hub's images (docs/api.md#the-avatar, docs/api.md#hub-background): the avatar and the
 * background, each its bytes, type and ETag on the hub's row; served only for a published hub of
 * an enabled owner (a shared team's hub has no user to disable).
 */
import type { Scope } from '../../auth/scope';
import type { Executor } from '../executor';
import { hubOwnedBy } from './scopeFilter';

/** An image of a hub: its bytes, its type, its ETag. */
export interface HubAvatar {
  bytes: Buffer;
  type: string;
  etag: string;
}

export interface HubImages {
  /** False when the scope has no hub. `avatar` null removes it. */
  setAvatar(scope: Scope, avatar: HubAvatar | null, now: number): Promise<boolean>;
  /** The avatar of a published hub of an enabled owner. */
  avatarOf(handle: string): Promise<HubAvatar | undefined>;
  /** False when the scope has no hub. `image` null removes it. */
  setBackground(scope: Scope, image: HubAvatar | null, now: number): Promise<boolean>;
  /** The background image of a published hub of an enabled owner. */
  backgroundOf(handle: string): Promise<HubAvatar | undefined>;
}

export function createHubImages(db: Executor): HubImages {
  return {
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
        `SELECT h.avatar AS bytes, h.avatar_type AS type, h.avatar_etag AS etag FROM hubs h
         LEFT JOIN users u ON u.id = h.user_id
         WHERE h.handle = ? AND h.published = ? AND COALESCE(u.disabled, ?) = ? AND h.avatar IS NOT NULL`,
        [handle, true, false, false],
      );
      return row?.bytes ? { bytes: Buffer.from(row.bytes), type: row.type, etag: row.etag } : undefined;
    },
    async setBackground(scope, image, now) {
      const owned = hubOwnedBy(scope);
      const changed = await db.run(
        `UPDATE hubs SET background = ?, background_type = ?, background_etag = ?, updated_at = ? WHERE ${owned.sql}`,
        [image?.bytes ?? null, image?.type ?? null, image?.etag ?? null, now, ...owned.params],
      );
      return changed > 0;
    },
    async backgroundOf(handle) {
      const row = await db.get<{ bytes: Buffer | null; type: string; etag: string }>(
        `SELECT h.background AS bytes, h.background_type AS type, h.background_etag AS etag FROM hubs h
         LEFT JOIN users u ON u.id = h.user_id
         WHERE h.handle = ? AND h.published = ? AND COALESCE(u.disabled, ?) = ? AND h.background IS NOT NULL`,
        [handle, true, false, false],
      );
      return row?.bytes ? { bytes: Buffer.from(row.bytes), type: row.type, etag: row.etag } : undefined;
    },
  };
}
