/** The soak run's verdict (scripts/soak/verdict.ts): trend detection, RSS growth, its arguments. */
import { describe, expect, it } from 'vitest';
import {
  p99TrendsUpward,
  parseSoakArgs,
  rssGrowth,
  type SoakWindow,
  soakProblems,
  steadyWindows,
  theilSenSlope,
} from '../../../../scripts/soak/verdict';

const windows = (rss: number[], p99: number[] = rss.map(() => 5)): SoakWindow[] =>
  rss.map((rssMb, i) => ({ minute: i + 1, rssMb, p99Ms: p99[i]!, requests: 1000, errors: 0 }));

describe('p99 trend', () => {
  it('finds a steady rise, noisy or not', () => {
    expect(p99TrendsUpward([4, 5, 6, 7, 8, 9, 10, 11])).toBe(true);
    expect(p99TrendsUpward([4, 9, 5, 7, 12, 8, 11, 14])).toBe(true);
  });

  it('ignores a flat run, one slow minute, jitter of a few ms, and runs too short to tell', () => {
    expect(p99TrendsUpward([5, 5, 5, 5, 5, 5])).toBe(false);
    expect(p99TrendsUpward([5, 5, 60, 5, 5, 5, 5])).toBe(false);
    expect(p99TrendsUpward([2, 3, 2, 3, 3, 4, 3, 4])).toBe(false);
    expect(p99TrendsUpward([5, 10, 20])).toBe(false);
    expect(p99TrendsUpward([20, 15, 10, 8, 6, 5])).toBe(false);
  });

  it('takes the median slope of every pair', () => {
    expect(theilSenSlope([1, 2, 3, 4])).toBe(1);
    expect(theilSenSlope([1, 100, 3, 4])).toBe(1);
    expect(theilSenSlope([7])).toBe(0);
  });
});

describe('the steady part of a run', () => {
  it('judges the p99 after the first 5 minutes when 4 windows or more remain', () => {
    // Fast while the database is empty, then flat: no upward trend.
    const warming = windows(
      [100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
      [70, 200, 200, 340, 350, 350, 340, 350, 345, 350],
    );
    expect(steadyWindows(warming).map((w) => w.minute)).toEqual([6, 7, 8, 9, 10]);
    expect(soakProblems(warming, { answeredClicks: 1, storedClicks: 1 })).toEqual([]);
    // Rising after the warm-up still fails.
    const rising = windows(
      [100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
      [70, 70, 70, 70, 70, 100, 150, 200, 250, 300],
    );
    expect(soakProblems(rising, { answeredClicks: 1, storedClicks: 1 })[0]).toMatch(/^p99 trends upward \(100\.0, /);
  });

  it('keeps every window of a short run', () => {
    expect(steadyWindows(windows([1, 1, 1, 1, 1, 1, 1, 1])).length).toBe(8);
  });
});

describe('RSS growth', () => {
  it('counts from the end of the first 5 minutes', () => {
    // Warming up from 100 to 200 MB is allowed; 200 → 230 after it is 15 %.
    expect(rssGrowth(windows([100, 150, 180, 195, 200, 210, 220, 230]))).toBeCloseTo(0.15);
    expect(rssGrowth(windows([100, 150, 180, 195, 200, 205, 208]))).toBeCloseTo(0.04);
  });

  it('compares first and last windows of a run no longer than the warm-up', () => {
    expect(rssGrowth(windows([100, 105, 120]))).toBeCloseTo(0.2);
    expect(rssGrowth(windows([100]))).toBeUndefined();
  });
});

describe('the verdict', () => {
  it('names every problem', () => {
    const run = windows([100, 150, 180, 195, 200, 210, 220, 230], [4, 5, 6, 7, 8, 9, 10, 11]);
    run[2]!.errors = 3;
    expect(soakProblems(run, { answeredClicks: 10, storedClicks: 8 })).toEqual([
      'RSS grew by 15.0 % (more than 10 %)',
      'p99 trends upward (4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0 ms)',
      '3 request(s) erred',
      '2 answered click(s) not stored',
    ]);
    expect(soakProblems(windows([200, 201, 202, 203, 204, 205, 206]), { answeredClicks: 5, storedClicks: 5 })).toEqual(
      [],
    );
  });

  it('reads its arguments, --minutes required', () => {
    expect(parseSoakArgs(['--minutes', '2'])).toMatchObject({
      minutes: 2,
      rate: 200,
      windowSeconds: 60,
      store: 'sqlite',
    });
    expect(parseSoakArgs(['--minutes', '1', '--window', '5', '--store', 'postgres'])).toMatchObject({
      windowSeconds: 5,
      store: 'postgres',
    });
    expect(() => parseSoakArgs([])).toThrow('--minutes is required');
    expect(() => parseSoakArgs(['--minutes', '0'])).toThrow('--minutes must be a positive number');
    expect(() => parseSoakArgs(['--minutes', '1', '--fast'])).toThrow('unknown option "--fast"');
  });
});
