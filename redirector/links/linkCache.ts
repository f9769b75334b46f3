/**
 * Links by short code, kept in memory for the redirect path, each with its owner's disabled flag.
 * Bounded (least recently filled go first) and invalidated by the link service on every update and
 * delete, and by owner when an account is disabled, enabled or deleted. Misses are cached too, so a
 * flood of unknown codes costs one lookup each until a link with that code is created.
 */
import type { RedirectLink } from '../storage/records';
import type { LinkRepository } from '../storage/store';

export interface LinkCache {
  get(shortCode: string): Promise<RedirectLink | undefined>;
  /** The cached value when present, without touching the database. */
  peek(shortCode: string): RedirectLink | null | undefined;
  invalidate(shortCode: string): void;
  /** Drops every cached link of this user. */
  invalidateOwner(userId: number): void;
  clear(): void;
}

export function createLinkCache(links: Pick<LinkRepository, 'findForRedirect'>, maxEntries = 50_000): LinkCache {
  // null marks a known miss; undefined (absent) means not cached.
  const entries = new Map<string, RedirectLink | null>();
  // Bumped by every invalidation: a lookup that was under way meanwhile may have read the old row.
  let generation = 0;

  function remember(shortCode: string, link: RedirectLink | null): void {
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(shortCode, link);
  }

  return {
    async get(shortCode) {
      const cached = entries.get(shortCode);
      if (cached !== undefined) return cached ?? undefined;
      const started = generation;
      const link = await links.findForRedirect(shortCode);
      if (generation === started) remember(shortCode, link ?? null);
      return link;
    },
    peek(shortCode) {
      return entries.get(shortCode);
    },
    invalidate(shortCode) {
      generation += 1;
      entries.delete(shortCode);
    },
    invalidateOwner(userId) {
      // Rare (an administrator's action): one pass over the bounded cache.
      generation += 1;
      for (const [shortCode, link] of entries) {
        if (link?.user_id === userId) entries.delete(shortCode);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
