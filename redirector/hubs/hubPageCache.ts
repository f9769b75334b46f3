/**
 * The hubs the public page shows, kept a second at most (docs/api.md#the-hub): a page is read from
 * the database once a second per handle however often it is asked for, a change made here is seen
 * at once, and one made by another instance (or a link renamed or deleted) within a second. Each
 * entry also keeps its rendered answers, so a page is rendered once per entry and variant.
 */
import { oldestFirst } from '../oldestFirst';
import type { HubPageRecord, HubRepository } from '../storage/repositories/hubRepository';

export const HUB_PAGE_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

export interface HubPageEntry {
  /** undefined: no hub has this handle. */
  hub: HubPageRecord | undefined;
  /** Rendered answers by variant (the edge's to fill). */
  rendered: Map<string, unknown>;
}

export interface HubPageCache {
  /** The entry of a handle, from memory when fresh (synchronously: no promise) or else read. */
  get(handle: string): HubPageEntry | Promise<HubPageEntry>;
  invalidate(handle: string): void;
  clear(): void;
}

export function createHubPageCache(hubs: Pick<HubRepository, 'byHandle'>, clock: () => number): HubPageCache {
  const entries = new Map<string, { entry: HubPageEntry; until: number }>();
  const dropOldest = oldestFirst(entries);
  const reading = new Map<string, Promise<HubPageEntry>>();
  // A read begun before an invalidation answers its caller but is not kept: it may predate the change.
  let generation = 0;

  function read(handle: string): Promise<HubPageEntry> {
    const pending = reading.get(handle);
    if (pending) return pending;
    const begun = generation;
    // Fresh for a second from when the read began, not when it ended: what it read may be as old
    // as its start, and another instance's change must show within a second of being made.
    const started = clock();
    const loaded = hubs
      .byHandle(handle)
      .then((hub) => {
        const entry: HubPageEntry = { hub, rendered: new Map() };
        if (begun !== generation) return entry;
        if (entries.size >= MAX_ENTRIES) dropOldest();
        entries.set(handle, { entry, until: started + HUB_PAGE_TTL_MS });
        return entry;
      })
      .finally(() => {
        if (reading.get(handle) === loaded) reading.delete(handle);
      });
    reading.set(handle, loaded);
    return loaded;
  }

  return {
    get(handle) {
      const cached = entries.get(handle);
      if (cached && cached.until > clock()) return cached.entry;
      return read(handle);
    },
    invalidate: (handle) => {
      generation++;
      entries.delete(handle);
      reading.delete(handle);
    },
    clear: () => {
      generation++;
      entries.clear();
      reading.clear();
    },
  };
}
