/**
 * The tags of a page's links (LinkRepository.tagsOf) on both stores: read with a bound of MAX_TAGS
 * a link, a hint for PostgreSQL's planner, and read again in full should a link hold more.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TAGS } from '../../../../redirector/contract/tags';
import type { Store } from '../../../../redirector/storage/store';
import { newLink, openForEachTest, STORE_KINDS } from './storeKinds';

const tagsNamed = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);

/** The store of the test that runs, on each kind in turn. */
let store: Store;

describe.each(STORE_KINDS)('tags of links on $kind', (kind) => {
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('reads every tag of a link stored with more than MAX_TAGS', async () => {
    const link = await store.links.create(newLink({ short_code: 'many' }));
    await store.links.setTags(link.id, tagsNamed('x', MAX_TAGS + 3));
    expect((await store.links.tagsOf([link.id])).get(link.id)).toEqual(tagsNamed('x', MAX_TAGS + 3));
  });

  it('gives every link its tags in code-point order, none for a link without', async () => {
    const full = await store.links.create(newLink({ short_code: 'full' }));
    const bare = await store.links.create(newLink({ short_code: 'bare' }));
    const some = await store.links.create(newLink({ short_code: 'some' }));
    await store.links.setTags(full.id, tagsNamed('t', MAX_TAGS).reverse());
    await store.links.setTags(some.id, ['b', 'a']);

    const tags = await store.links.tagsOf([full.id, bare.id, some.id]);
    expect(tags).toEqual(
      new Map([
        [full.id, tagsNamed('t', MAX_TAGS)],
        [bare.id, []],
        [some.id, ['a', 'b']],
      ]),
    );
  });
});
