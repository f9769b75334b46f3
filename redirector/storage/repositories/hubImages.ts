/**
 * A hub's images (docs/api.md#the-avatar, docs/api.md#hub-background): the avatar and the
 * background, each its bytes, type and ETag on the hub's row; served only for a published hub of
 * an enabled owner (a shared team's hub has no user to disable).
 */
import type { Scope } from '../../auth/scope';
import type { AfterWrite, Executor } from '../executor';
import { hubOwnedBy } from './scopeFilter';

/** An image of a hub: its bytes, its type, its ETag. */
export interface HubAvatar {
  bytes: Buffer;
  type: string;
  etag: string;
}

/** `afterWrite` (the audit entry) runs in the change's transaction, when there was a hub to change. */
export interface HubImages {
  /** False when the scope has no hub. `avatar` null removes it. */
  setAvatar(scope: Scope, avatar: HubAvatar | null, now: number, afterWrite?: AfterWrite<void>): Promise<boolean>;
  /** The avatar of a published hub of an enabled owner. */
  avatarOf(handle: string): Promise<HubAvatar | undefined>;
  /** False when the scope has no hub. `image` null removes it. */
  setBackground(scope: Scope, image: HubAvatar | null, now: number, afterWrite?: AfterWrite<void>): Promise<boolean>;
  /** The background image of a published hub of an enabled owner. */
  backgroundOf(handle: string): Promise<HubAvatar | undefined>;
}

/** The two images a hub row holds, each in `<column>`, `<column>_type` and `<column>_etag`. */
type ImageColumn = 'avatar' | 'background';

export function createHubImages(db: Executor): HubImages {
  const setImage = (
    column: ImageColumn,
    scope: Scope,
    image: HubAvatar | null,
    now: number,
    afterWrite?: AfterWrite<void>,
  ) => {
    const owned = hubOwnedBy(scope);
    return db.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE hubs SET ${column} = ?, ${column}_type = ?, ${column}_etag = ?, updated_at = ? WHERE ${owned.sql}`,
        [image?.bytes ?? null, image?.type ?? null, image?.etag ?? null, now, ...owned.params],
      );
      if (changed > 0) await afterWrite?.(tx, undefined);
      return changed > 0;
    });
  };
  const publishedImage = async (column: ImageColumn, handle: string): Promise<HubAvatar | undefined> => {
    const row = await db.get<{ bytes: Buffer | null; type: string; etag: string }>(
      `SELECT h.${column} AS bytes, h.${column}_type AS type, h.${column}_etag AS etag FROM hubs h
       LEFT JOIN users u ON u.id = h.user_id
       WHERE h.handle = ? AND h.published = ? AND COALESCE(u.disabled, ?) = ? AND h.${column} IS NOT NULL`,
      [handle, true, false, false],
    );
    return row?.bytes ? { bytes: Buffer.from(row.bytes), type: row.type, etag: row.etag } : undefined;
  };
  return {
    setAvatar: (scope, avatar, now, afterWrite) => setImage('avatar', scope, avatar, now, afterWrite),
    avatarOf: (handle) => publishedImage('avatar', handle),
    setBackground: (scope, image, now, afterWrite) => setImage('background', scope, image, now, afterWrite),
    backgroundOf: (handle) => publishedImage('background', handle),
  };
}
