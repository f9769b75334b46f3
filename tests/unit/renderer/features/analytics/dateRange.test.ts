import { describe, expect, it } from 'vitest';
import {
  ALL_TIME,
  choiceRange,
  type RangeChoice,
  readRangeChoice,
  todayIn,
  withoutRange,
  writeRangeChoice,
} from '../../../../../renderer/src/features/analytics/dateRange';

// 2025-03-01 20:30 UTC: already 2 March in Kathmandu (+05:45), still 1 March in New York.
const NOW = Date.UTC(2025, 2, 1, 20, 30);

describe('today in a zone', () => {
  it('is the calendar date where the browser is', () => {
    expect(todayIn('UTC', NOW)).toBe('2025-03-01');
    expect(todayIn('Asia/Kathmandu', NOW)).toBe('2025-03-02');
    expect(todayIn('America/New_York', NOW)).toBe('2025-03-01');
    expect(todayIn('Pacific/Kiritimati', NOW)).toBe('2025-03-02');
  });
});

describe('presets → from/to', () => {
  it('end today in the zone and count today among their days', () => {
    const last7: RangeChoice = { kind: 'preset', preset: '7d' };
    expect(choiceRange(last7, 'UTC', NOW)).toEqual({ from: '2025-02-23', to: '2025-03-01' });
    expect(choiceRange(last7, 'Asia/Kathmandu', NOW)).toEqual({ from: '2025-02-24', to: '2025-03-02' });
    expect(choiceRange({ kind: 'preset', preset: '30d' }, 'UTC', NOW)).toEqual({
      from: '2025-01-31',
      to: '2025-03-01',
    });
    // 2024 is a leap year: 90 days back from 2024-03-31 crosses 29 February.
    expect(choiceRange({ kind: 'preset', preset: '90d' }, 'UTC', Date.UTC(2024, 2, 31, 12))).toEqual({
      from: '2024-01-02',
      to: '2024-03-31',
    });
  });

  it('all time has no dates; a custom range is its own dates', () => {
    expect(choiceRange(ALL_TIME, 'UTC', NOW)).toBeUndefined();
    const range = { from: '2024-12-01', to: '2024-12-31' };
    expect(choiceRange({ kind: 'custom', range }, 'Asia/Kathmandu', NOW)).toEqual(range);
  });
});

describe('the choice in the address', () => {
  const choices: [RangeChoice, string][] = [
    [ALL_TIME, ''],
    [{ kind: 'preset', preset: '7d' }, 'range=7d'],
    [{ kind: 'preset', preset: '30d' }, 'range=30d'],
    [{ kind: 'preset', preset: '90d' }, 'range=90d'],
    [{ kind: 'custom', range: { from: '2025-01-05', to: '2025-02-10' } }, 'from=2025-01-05&to=2025-02-10'],
  ];

  it.each(choices)('round-trips %j', (choice, address) => {
    const written = writeRangeChoice(choice);
    expect(written.toString()).toBe(address);
    expect(readRangeChoice(new URLSearchParams(written.toString()))).toEqual(choice);
  });

  it('replaces an earlier range and keeps every other key', () => {
    const base = new URLSearchParams('link=42&from=2025-01-01&to=2025-01-02');
    const next = writeRangeChoice({ kind: 'preset', preset: '30d' }, base);
    expect(next.toString()).toBe('link=42&range=30d');
    expect(writeRangeChoice({ kind: 'custom', range: { from: '2025-01-01', to: '2025-01-01' } }, next).toString()).toBe(
      'link=42&from=2025-01-01&to=2025-01-01',
    );
    expect(withoutRange(next).toString()).toBe('link=42');
    expect(base.toString()).toBe('link=42&from=2025-01-01&to=2025-01-02');
  });

  it('reads a hand-typed bad range as all time, the way the contract refuses it', () => {
    for (const address of [
      'range=1y',
      'from=2025-01-01',
      'from=2025-02-30&to=2025-03-01',
      'from=2025-03-02&to=2025-03-01',
      'from=2000-01-01&to=2025-01-01',
    ]) {
      expect(readRangeChoice(new URLSearchParams(address))).toEqual(ALL_TIME);
    }
  });

  it('a preset wins over dates left beside it', () => {
    expect(readRangeChoice(new URLSearchParams('range=7d&from=2025-01-01&to=2025-01-02'))).toEqual({
      kind: 'preset',
      preset: '7d',
    });
  });
});
