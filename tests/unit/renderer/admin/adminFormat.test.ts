import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatPercent,
  formatTimeAgo,
  shareOf,
  topEntries,
} from '../../../../renderer/src/pages/admin/adminFormat';

describe('formatDuration', () => {
  it('shows hours and minutes from an hour on', () => {
    expect(formatDuration(2 * 3600 + 5 * 60 + 59)).toBe('2h 5m');
    expect(formatDuration(3600)).toBe('1h 0m');
  });
  it('shows minutes and seconds under an hour', () => {
    expect(formatDuration(3 * 60 + 10)).toBe('3m 10s');
    expect(formatDuration(60)).toBe('1m 0s');
    expect(formatDuration(3599)).toBe('59m 59s');
  });
  it('shows seconds under a minute, never a negative or fractional figure', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-3)).toBe('0s');
    expect(formatDuration(12.9)).toBe('12s');
    expect(formatDuration(Number.NaN)).toBe('0s');
  });
});

describe('formatTimeAgo', () => {
  const now = Date.parse('2025-01-05T12:00:00Z');
  it('counts back from now', () => {
    expect(formatTimeAgo('2025-01-05T11:59:58Z', now)).toBe('just now');
    expect(formatTimeAgo('2025-01-05T11:59:30Z', now)).toBe('30s ago');
    expect(formatTimeAgo('2025-01-05T11:57:00Z', now)).toBe('3m ago');
    expect(formatTimeAgo('2025-01-05T09:00:00Z', now)).toBe('3h ago');
    expect(formatTimeAgo('2025-01-01T12:00:00Z', now)).toBe('4d ago');
    expect(formatTimeAgo('2025-01-05T12:00:09Z', now)).toBe('just now');
    expect(formatTimeAgo('garbage', now)).toBe('');
  });
});

describe('percentages', () => {
  it('shows fractions with one decimal at most', () => {
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(1 / 3)).toBe('33.3%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('0%');
    expect(shareOf(1, 4)).toBe('25%');
    expect(shareOf(3, 0)).toBe('0%');
  });
});

describe('topEntries', () => {
  it('sorts by count then name and drops zeros', () => {
    expect(topEntries({ DE: 2, US: 5, FR: 2, XX: 0, GB: 1 }, 3)).toEqual([
      ['US', 5],
      ['DE', 2],
      ['FR', 2],
    ]);
  });
});
