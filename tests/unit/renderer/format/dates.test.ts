import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatTimeAgo,
} from '../../../../renderer/src/format/dates';

describe('dates', () => {
  it("formats a date the spec's way in en-US and follows other locales", () => {
    expect(formatDate('2025-01-05T12:00:00Z', 'en-US', 'UTC')).toBe('Jan 5, 2025');
    expect(formatDate('2025-01-05T12:00:00Z', 'en-GB', 'UTC')).toBe('5 Jan 2025');
    expect(formatDate('2025-01-05T12:00:00Z', 'de-DE', 'UTC')).toBe('5. Jan. 2025');
  });

  it('uses the given time zone for the calendar day', () => {
    expect(formatDate('2025-01-05T03:00:00Z', 'en-US', 'America/New_York')).toBe('Jan 4, 2025');
  });

  it('answers an empty string for an unreadable date', () => {
    expect(formatDate('not a date', 'en-US')).toBe('');
    expect(formatDateTime('', 'en-US')).toBe('');
  });

  it('formats YYYY-MM-DD days without shifting them', () => {
    expect(formatDay('2025-01-05', 'en-US')).toBe('Jan 5');
    expect(formatDay('2025-12-31', 'en-US')).toBe('Dec 31');
    expect(formatDay('garbage', 'en-US')).toBe('garbage');
  });

  it('formats durations as in the spec', () => {
    expect(formatDuration(2 * 3600 + 5 * 60 + 9)).toBe('2h 5m');
    expect(formatDuration(3 * 60 + 10)).toBe('3m 10s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-5)).toBe('0s');
  });

  it('formats time ago', () => {
    const now = Date.parse('2025-01-05T12:00:00Z');
    expect(formatTimeAgo('2025-01-05T11:59:58Z', now)).toBe('just now');
    expect(formatTimeAgo('2025-01-05T11:59:30Z', now)).toBe('30s ago');
    expect(formatTimeAgo('2025-01-05T11:57:00Z', now)).toBe('3m ago');
    expect(formatTimeAgo('2025-01-05T09:00:00Z', now)).toBe('3h ago');
    expect(formatTimeAgo('2025-01-01T12:00:00Z', now)).toBe('4d ago');
  });
});
