/**
 * The whole days of a range as visitor_blocks' pieces (rangeRepeatVisitors.ts, blockParams): every
 * day of [d1, d2) in exactly one piece, each piece aligned to its size, at most one piece of each
 * size below the top at either end, and the pieces few (a 30-day range: at most 9, and 3,660 days
 * about 125).
 */
import { describe, expect, it } from 'vitest';
import { blockParams, TOP_BLOCK_LEVEL } from '../../../../redirector/storage/analytics/sql/rangeRepeatVisitors';

/** The pieces the parameters name, as [start, span] pairs. */
function pieces(params: Record<string, number>): [number, number][] {
  const out: [number, number][] = [];
  for (let level = 0; level < TOP_BLOCK_LEVEL; level++) {
    for (const side of ['a', 'b']) {
      const start = params[`${side}${level}`]!;
      if (start >= 0) out.push([start, 2 ** level]);
    }
  }
  const top = 2 ** TOP_BLOCK_LEVEL;
  for (let start = params.t1!; start < params.t2!; start++) if (start % top === 0) out.push([start, top]);
  return out;
}

describe('blockParams', () => {
  it('tiles every range of whole days exactly, with aligned pieces', () => {
    for (let d1 = 20_000; d1 < 20_070; d1++) {
      for (const length of [0, 1, 2, 3, 7, 29, 30, 31, 33, 64, 90, 365]) {
        const d2 = d1 + length;
        const found = pieces(blockParams(d1, d2));
        const days = found.flatMap(([start, span]) => Array.from({ length: span }, (_, i) => start + i));
        expect(days.sort((a, b) => a - b)).toEqual(Array.from({ length }, (_, i) => d1 + i));
        for (const [start, span] of found) expect(start % span).toBe(0);
        if (length === 30) expect(found.length).toBeLessThanOrEqual(9);
      }
    }
  });

  it('reads about one top-level block a month over long ranges', () => {
    expect(pieces(blockParams(20_001, 23_661)).length).toBeLessThanOrEqual(2 * TOP_BLOCK_LEVEL + 3_660 / 32);
  });

  it('has nothing to read for a range without whole days', () => {
    expect(pieces(blockParams(0, 0))).toEqual([]);
    expect(pieces(blockParams(20_005, 20_005))).toEqual([]);
  });
});
