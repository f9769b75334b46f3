import { describe, expect, it } from 'vitest';
import { median, percentile, ratio, seededRandom } from '../../../../scripts/bench/stats';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([27_000, 25_500, 31_000])).toBe(27_000);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([1, 2, 3, 4, 5], 90)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('ratio', () => {
  it('rounds to two decimals and refuses division by zero', () => {
    expect(ratio(27_000, 54_000)).toBe(0.5);
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 1)).toBeNaN();
  });
});

describe('seededRandom', () => {
  it('repeats for the same seed and stays within [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom(43)()).not.toBe(first[0]);
  });
});
