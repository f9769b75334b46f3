/**
 * The link cache while the database is away (docs/api.md#when-the-database-is-unreachable): a link
 * resolved within the last 24 hours keeps resolving after the cache was told anything may have
 * changed; older ones, unknown codes and known misses do not; with the database up, every link
 * is read again. The repository is a plain function standing for the database.
 */
import { describe, expect, it } from 'vitest';
import { createLinkCache } from '../../../../redirector/links/linkCache';
import { DatabaseUnreachable } from '../../../../redirector/storage/databaseHealth';
import type { RedirectLink } from '../../../../redirector/storage/records';

const HOUR = 60 * 60 * 1000;

function setUp() {
  // up: what the health says; reachable: what the database does.
  const state = { up: true, reachable: true, now: 0, reads: 0 };
  const rows = new Map<string, RedirectLink>();
  for (const shortCode of ['fresh', 'old'])
    rows.set(shortCode, { id: rows.size + 1, short_code: shortCode } as RedirectLink);
  const cache = createLinkCache(
    {
      async findForRedirect(shortCode) {
        state.reads += 1;
        if (!state.up || !state.reachable) throw new DatabaseUnreachable();
        return rows.get(shortCode);
      },
    },
    { isDatabaseUp: () => state.up, clock: () => state.now },
  );
  return { state, cache };
}

describe('the link cache when the database is unreachable', () => {
  it('keeps answering links visited within 24 hours, from peek and get', async () => {
    const { state, cache } = setUp();
    await cache.get('old');
    state.now = 2 * HOUR;
    await cache.get('fresh');
    expect(await cache.get('missing')).toBeUndefined();
    cache.clear();
    state.up = false;
    state.now = 25 * HOUR;
    expect(cache.peek('fresh')?.short_code).toBe('fresh');
    expect(cache.peek('old')).toBeUndefined();
    expect((await cache.get('fresh'))?.short_code).toBe('fresh');
    await expect(cache.get('old')).rejects.toBeInstanceOf(DatabaseUnreachable);
    await expect(cache.get('missing')).rejects.toBeInstanceOf(DatabaseUnreachable);
    await expect(cache.get('never')).rejects.toBeInstanceOf(DatabaseUnreachable);
  });

  it('falls back when a read finds the database gone before the health says so', async () => {
    const { state, cache } = setUp();
    await cache.get('fresh');
    cache.clear();
    state.reachable = false;
    const reads = state.reads;
    expect((await cache.get('fresh'))?.short_code).toBe('fresh');
    expect(state.reads).toBe(reads + 1);
  });

  it('reads every link again once the database is back', async () => {
    const { state, cache } = setUp();
    await cache.get('fresh');
    cache.clear();
    expect(cache.peek('fresh')).toBeUndefined();
    const reads = state.reads;
    expect((await cache.get('fresh'))?.short_code).toBe('fresh');
    expect(state.reads).toBe(reads + 1);
    expect(cache.peek('fresh')?.short_code).toBe('fresh');
  });
});

describe('the link cache on custom domains (docs/api.md#custom-domains)', () => {
  function domainSetUp(maxEntries = 100) {
    const rows = new Map<string, RedirectLink>();
    const put = (shortCode: string, domain: string | null, userId: number) =>
      rows.set(`${shortCode}|${domain ?? ''}`, {
        id: rows.size + 1,
        short_code: shortCode,
        domain,
        user_id: userId,
      } as RedirectLink);
    put('spring', null, 1);
    put('spring', 'go.ann.example', 2);
    put('autumn', 'go.ann.example', 2);
    put('winter', 'go.bob.example', 3);
    const cache = createLinkCache(
      { findForRedirect: async (shortCode, domain) => rows.get(`${shortCode}|${domain ?? ''}`) },
      { maxEntries },
    );
    return cache;
  }

  it("answers each domain's own link from peek, apart from the default domain's", async () => {
    const cache = domainSetUp();
    expect(cache.peek('spring', 'go.ann.example')).toBeUndefined();
    await cache.get('spring');
    await cache.get('spring', 'go.ann.example');
    expect(await cache.get('spring', 'go.bob.example')).toBeUndefined();
    expect(cache.peek('spring')).toMatchObject({ domain: null, user_id: 1 });
    expect(cache.peek('spring', 'go.ann.example')).toMatchObject({ domain: 'go.ann.example', user_id: 2 });
    expect(cache.peek('spring', 'go.bob.example')).toBeNull();
  });

  it('forgets a code on every domain when it is invalidated, and an owner on all of theirs', async () => {
    const cache = domainSetUp();
    for (const [code, domain] of [
      ['spring', null],
      ['spring', 'go.ann.example'],
      ['autumn', 'go.ann.example'],
      ['winter', 'go.bob.example'],
    ] as const)
      await cache.get(code, domain);
    cache.invalidate('spring');
    expect(cache.peek('spring')).toBeUndefined();
    expect(cache.peek('spring', 'go.ann.example')).toBeUndefined();
    expect(cache.peek('autumn', 'go.ann.example')).toBeDefined();
    cache.invalidateOwner(2);
    expect(cache.peek('autumn', 'go.ann.example')).toBeUndefined();
    expect(cache.peek('winter', 'go.bob.example')).toBeDefined();
  });

  it('forgets the oldest entry when full, on a custom domain too', async () => {
    const cache = domainSetUp(2);
    await cache.get('spring', 'go.ann.example');
    await cache.get('autumn', 'go.ann.example');
    await cache.get('winter', 'go.bob.example');
    expect(cache.peek('spring', 'go.ann.example')).toBeUndefined();
    expect(cache.peek('autumn', 'go.ann.example')).toBeDefined();
    expect(cache.peek('winter', 'go.bob.example')).toBeDefined();
  });
});
