/**
 * Kept texts made flat (docs/performance.md#kept-texts-made-flat): the heap a kept text takes, with
 * the garbage collector run before and after, as one string and as the tree of its pieces.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createClickTexts } from '../../../redirector/events/clickTexts';
import { flat } from '../../../redirector/flatString';
import type { FeedClick } from '../../../redirector/storage/repositories/eventFeed';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** Bytes of heap the value `make` returns holds once every collection has run. */
function heapHeldBy(make: () => unknown): number {
  collect();
  collect();
  const before = process.memoryUsage().heapUsed;
  const held = make();
  collect();
  collect();
  const after = process.memoryUsage().heapUsed;
  expect(held).toBeDefined();
  return after - before;
}

const COUNT = 20_000;
const joined = (id: number) =>
  `{"id":${id},"city":"${`M${id % 7}`}","at":"${`2026-12-05T01:${id % 60}`}"}` + `,"n":${id * 3}`;

describe('flat', () => {
  it('gives the same text', () => {
    expect(flat(joined(12))).toBe(joined(12));
    expect(flat('')).toBe('');
  });

  it('makes a kept concatenation one string: a fraction of the heap of the tree of its pieces', () => {
    const tree = heapHeldBy(() => Array.from({ length: COUNT }, (_, id) => joined(id)));
    const one = heapHeldBy(() => Array.from({ length: COUNT }, (_, id) => flat(joined(id))));
    expect(one).toBeLessThan(tree * 0.6);
  });
});

const click = (id: number): FeedClick => ({
  id,
  link_id: 3 + (id % 50),
  short_code: 'spring',
  user_id: null,
  team_id: null,
  domain: null,
  clicked_at: Date.UTC(2026, 11, 5, 1, 0, 0) + id * 37,
  country: 'DE',
  city: 'München',
  device_type: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  referrer_source: id % 2 === 0 ? 'instagram' : null,
  ip_address: `203.0.113.${id % 250}`,
});

describe('the click texts kept', () => {
  it('each take little more heap than the bytes of their text', () => {
    const length = JSON.stringify(click(12_345)).length;
    const texts = createClickTexts(COUNT);
    const held = heapHeldBy(() => {
      for (let id = 1; id <= COUNT; id++) texts.text(click(id));
      return texts;
    });
    // One string (its bytes and a header), its entry and the map's slot; the tree of its pieces held four times that.
    expect(held / COUNT).toBeLessThan(length * 2);
  });
});
