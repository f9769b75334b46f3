/**
 * Links by domain and short code, kept in memory for the redirect path, each with its owner's disabled flag.
 * Bounded (least recently filled go first) and invalidated by the link service on every update and
 * delete, and by owner when an account is disabled, enabled or deleted. Misses are cached too, so a
 * flood of unknown codes costs one lookup each until a link with that code is created.
 */
import type { RedirectLink } from '../storage/records';
import type { LinkRepository } from '../storage/store';

export interface LinkCache {
  /** The link with this code on `domain` (null or left out: the default domain). */
  get(shortCode: string, domain?: string | null): Promise<RedirectLink | undefined>;
  /** The cached value when present, without touching the database. */
  peek(shortCode: string, domain?: string | null): RedirectLink | null | undefined;
  /** Drops the code on every domain. */
  invalidate(shortCode: string): void;
  /** Drops every cached link of this user. */
  invalidateOwner(userId: number): void;
  clear(): void;
}

/** The default domain's key is the code itself, so its lookups build no string. */
const keyOf = (shortCode: string, domain: string | null | undefined) => (domain ? `${shortCode}/${domain}` : shortCode);

export function createLinkCache(links: Pick<LinkRepository, 'findForRedirect'>, maxEntries = 50_000): LinkCache {
  // null marks a known miss; undefined (absent) means not cached.
  const entries = new Map<string, RedirectLink | null>();
  // The keys of each code on custom domains, so that invalidating a code drops it everywhere.
  const onDomains = new Map<string, Set<string>>();
  // Bumped by every invalidation: a lookup that was under way meanwhile may have read the old row.
  let generation = 0;

  function forget(key: string): void {
    entries.delete(key);
    const slash = key.indexOf('/');
    if (slash === -1) return;
    const code = key.slice(0, slash);
    const keys = onDomains.get(code);
    keys?.delete(key);
    if (keys?.size === 0) onDomains.delete(code);
  }

  function remember(shortCode: string, domain: string | null | undefined, link: RedirectLink | null): void {
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) forget(oldest.value);
    }
    const key = keyOf(shortCode, domain);
    entries.set(key, link);
    if (domain) {
      const keys = onDomains.get(shortCode) ?? new Set<string>();
      keys.add(key);
      onDomains.set(shortCode, keys);
    }
  }

  return {
    async get(shortCode, domain) {
      const cached = entries.get(keyOf(shortCode, domain));
      if (cached !== undefined) return cached ?? undefined;
      const started = generation;
      const link = await links.findForRedirect(shortCode, domain ?? null);
      if (generation === started) remember(shortCode, domain, link ?? null);
      return link;
    },
    peek(shortCode, domain) {
      return entries.get(keyOf(shortCode, domain));
    },
    invalidate(shortCode) {
      generation += 1;
      entries.delete(shortCode);
      for (const key of onDomains.get(shortCode) ?? []) entries.delete(key);
      onDomains.delete(shortCode);
    },
    invalidateOwner(userId) {
      // Rare (an administrator's action): one pass over the bounded cache.
      generation += 1;
      for (const [key, link] of entries) {
        if (link?.user_id === userId) forget(key);
      }
    },
    clear() {
      generation += 1;
      entries.clear();
      onDomains.clear();
    },
  };
}
