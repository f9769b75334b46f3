import { describe, expect, it } from 'vitest';
import { oldestFirst } from '../../../redirector/oldestFirst';

describe('oldestFirst', () => {
  it('drops the entries in the order a fresh keys().next() gives them, through deletes, re-sets and clear()', () => {
    // A reference: the first key of the map, found the slow way, as the caches did.
    const map = new Map<number, number>();
    const dropOldest = oldestFirst(map);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 20_000; step++) {
      const key = random(400);
      if (map.has(key)) map.delete(key); // a re-set moves the key to the end, as the caches refresh it
      if (map.size >= 60) {
        const expected = map.keys().next().value;
        expect(dropOldest()).toBe(expected);
        expect(map.has(expected!)).toBe(false);
      }
      map.set(key, step);
      if (random(20) === 0) map.delete(random(400));
      if (random(2000) === 0) map.clear();
    }
  });

  it('gives undefined on an empty map, and the oldest entry once entries come again', () => {
    const map = new Map<string, number>();
    const dropOldest = oldestFirst(map);
    expect(dropOldest()).toBeUndefined();
    map.set('a', 1).set('b', 2);
    expect(dropOldest()).toBe('a');
    expect(dropOldest()).toBe('b');
    expect(dropOldest()).toBeUndefined();
    map.set('c', 3);
    expect(dropOldest()).toBe('c');
  });

  it('keeps one iterator while the map has entries (a new keys() walks over every entry dropped before)', () => {
    // The cost is measured by the bench (docs/performance.md); here, that no new walk starts per drop.
    const map = new Map<number, number>();
    for (let key = 0; key < 1_000; key++) map.set(key, key);
    let walks = 0;
    const keys = map.keys.bind(map);
    map.keys = () => {
      walks += 1;
      return keys();
    };
    const dropOldest = oldestFirst(map);
    for (let key = 1_000; key < 5_000; key++) {
      expect(dropOldest()).toBe(key - 1_000);
      map.set(key, key);
    }
    expect(walks).toBe(1);
  });
});
