/**
 * The public page's cache (docs/api.md#the-public-page): an entry is fresh for a second from when
 * its read began. Counted from the read's end, a read that began before another instance disabled
 * the owner kept the page for a second plus the read's time, past the promised second.
 */
import { describe, expect, it } from 'vitest';
import { createHubPageCache, HUB_PAGE_TTL_MS } from '../../../../redirector/hubs/hubPageCache';
import type { HubPageRecord } from '../../../../redirector/storage/repositories/hubRepository';

const READ_MS = 200;

describe('the hub page cache', () => {
  it('reads again a second after the read began, however long the read took', async () => {
    let now = 0;
    let reads = 0;
    const hubs = {
      byHandle: async () => {
        reads += 1;
        now += READ_MS; // the database answers READ_MS after the read began
        return { handle: 'ann', owner_disabled: reads > 1 } as unknown as HubPageRecord;
      },
    };
    const cache = createHubPageCache(hubs, () => now);
    const first = await cache.get('ann');
    expect(first.hub?.owner_disabled).toBe(false);
    // The read began at 0: what it read may be that old, so at 1 s it is stale whatever its end.
    now = HUB_PAGE_TTL_MS - 1;
    expect(cache.get('ann')).toBe(first);
    now = HUB_PAGE_TTL_MS;
    const second = await cache.get('ann');
    expect(reads).toBe(2);
    expect(second.hub?.owner_disabled).toBe(true);
  });
});
