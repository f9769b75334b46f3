/**
 * Links by domain and short code, kept in memory for the redirect path, each with its owner's disabled flag.
 * Bounded (least recently filled go first) and invalidated by the link service on every update and
 * delete, and by owner when an account is disabled, enabled or deleted. Misses are cached too, so a
 * flood of unknown codes costs one lookup each until a link with that code is created.
 *
 * When anything may have changed (`clear`: the link-change notifications were interrupted), the
 * links are kept aside rather than dropped: while the database is unreachable, a link resolved
 * within the last 24 hours keeps resolving from here (docs/api.md#when-the-database-is-unreachable).
 */
import { oldestFirst } from '../oldestFirst';
import { isDatabaseUnreachable } from '../storage/databaseHealth';
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

export interface LinkCacheOptions {
  /** Short codes kept at most (links, misses and links kept aside together). */
  maxEntries?: number;
  /** How long after its last visit a link kept aside may still answer while the database is away. */
  keepMs?: number;
  isDatabaseUp?: () => boolean;
  clock?: () => number;
}

export const LINK_CACHE_ENTRIES = 100_000;
export const LINK_KEPT_MS = 24 * 60 * 60 * 1000;

interface Entry {
  link: RedirectLink | null;
  /** The `clear` count when it was read: an older one is only kept aside. */
  epoch: number;
  /** The last time it answered a visit. */
  seenAt: number;
}

/** The default domain's key is the code itself, so its lookups build no string. */
const keyOf = (shortCode: string, domain: string | null | undefined) => (domain ? `${shortCode}/${domain}` : shortCode);

/**
 * The entries on custom domains, indexed twice: by domain then code, so a custom domain's lookup
 * builds no key string (the redirect path's cost there, measured by the bench beside the default
 * domain's), and each code's keys, so that invalidating a code drops it on every domain.
 */
function createDomainIndex() {
  const byDomain = new Map<string, Map<string, Entry>>();
  const keysOfCode = new Map<string, Set<string>>();
  return {
    get: (shortCode: string, domain: string) => byDomain.get(domain)?.get(shortCode),
    add(shortCode: string, domain: string, key: string, entry: Entry): void {
      const codes = byDomain.get(domain) ?? new Map<string, Entry>();
      codes.set(shortCode, entry);
      byDomain.set(domain, codes);
      const keys = keysOfCode.get(shortCode) ?? new Set<string>();
      keys.add(key);
      keysOfCode.set(shortCode, keys);
    },
    /** `key` is `<code>/<domain>`. */
    remove(key: string, slash: number): void {
      const code = key.slice(0, slash);
      const domain = key.slice(slash + 1);
      const codes = byDomain.get(domain);
      codes?.delete(code);
      if (codes?.size === 0) byDomain.delete(domain);
      const keys = keysOfCode.get(code);
      keys?.delete(key);
      if (keys?.size === 0) keysOfCode.delete(code);
    },
    keysOf: (shortCode: string) => [...(keysOfCode.get(shortCode) ?? [])],
  };
}

export function createLinkCache(
  links: Pick<LinkRepository, 'findForRedirect'>,
  options: LinkCacheOptions = {},
): LinkCache {
  const maxEntries = options.maxEntries ?? LINK_CACHE_ENTRIES;
  const keepMs = options.keepMs ?? LINK_KEPT_MS;
  const isDatabaseUp = options.isDatabaseUp ?? (() => true);
  const clock = options.clock ?? Date.now;
  // A null link marks a known miss; absent means not cached.
  const entries = new Map<string, Entry>();
  const dropOldest = oldestFirst(entries);
  const onDomains = createDomainIndex();
  // Bumped by every invalidation: a lookup that was under way meanwhile may have read the old row.
  let generation = 0;
  let epoch = 0;

  function forget(key: string): void {
    entries.delete(key);
    const slash = key.indexOf('/');
    if (slash !== -1) onDomains.remove(key, slash);
  }

  function remember(shortCode: string, domain: string | null | undefined, link: RedirectLink | null): void {
    const key = keyOf(shortCode, domain);
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const oldest = dropOldest();
      if (oldest !== undefined) forget(oldest);
    }
    const entry: Entry = { link, epoch, seenAt: clock() };
    entries.set(key, entry);
    if (domain) onDomains.add(shortCode, domain, key, entry);
  }

  /** A link kept aside that may answer while the database is away. */
  function keptAside(entry: Entry | undefined): RedirectLink | undefined {
    if (entry?.link == null || clock() - entry.seenAt > keepMs) return undefined;
    entry.seenAt = clock();
    return entry.link;
  }

  return {
    async get(shortCode, domain) {
      const key = keyOf(shortCode, domain);
      const cached = entries.get(key);
      if (cached?.epoch === epoch) return cached.link ?? undefined;
      if (!isDatabaseUp()) {
        const kept = keptAside(cached);
        if (kept) return kept;
      }
      const started = generation;
      let link: RedirectLink | undefined;
      try {
        link = await links.findForRedirect(shortCode, domain ?? null);
      } catch (error) {
        const kept = isDatabaseUnreachable(error) ? keptAside(entries.get(key)) : undefined;
        if (kept) return kept;
        throw error;
      }
      if (generation === started) remember(shortCode, domain, link ?? null);
      return link;
    },
    peek(shortCode, domain) {
      const entry = domain ? onDomains.get(shortCode, domain) : entries.get(shortCode);
      if (entry === undefined) return undefined;
      if (entry.epoch === epoch) {
        entry.seenAt = clock();
        return entry.link;
      }
      return isDatabaseUp() ? undefined : keptAside(entry);
    },
    invalidate(shortCode) {
      generation += 1;
      entries.delete(shortCode);
      for (const key of onDomains.keysOf(shortCode)) forget(key);
    },
    invalidateOwner(userId) {
      // Rare (an administrator's action): one pass over the bounded cache.
      generation += 1;
      for (const [key, entry] of entries) {
        if (entry.link?.user_id === userId) forget(key);
      }
    },
    clear() {
      generation += 1;
      epoch += 1;
    },
  };
}
