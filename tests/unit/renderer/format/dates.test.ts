import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatTimeAgo,
} from '../../../../renderer/src/format/dates';
import { itReturns } from '../../../helpers/tables';

const JAN_5 = '2025-01-05T12:00:00Z';

describe('dates', () => {
  itReturns("formats 5 January 2025 in %s as %j (en-US the spec's way)", (locale) => formatDate(JAN_5, locale, 'UTC'), [
    ['en-US', 'Jan 5, 2025'],
    ['en-GB', '5 Jan 2025'],
    ['de-DE', '5. Jan. 2025'],
  ]);

  it('uses the given time zone for the calendar day', () => {
    expect(formatDate('2025-01-05T03:00:00Z', 'en-US', 'America/New_York')).toBe('Jan 4, 2025');
  });

  it('answers an empty string for an unreadable date', () => {
    expect(formatDate('not a date', 'en-US')).toBe('');
    expect(formatDateTime('', 'en-US')).toBe('');
  });

  itReturns('formats the YYYY-MM-DD day %s without shifting it', (day) => formatDay(day, 'en-US'), [
    ['2025-01-05', 'Jan 5'],
    ['2025-12-31', 'Dec 31'],
    ['garbage', 'garbage'],
  ]);

  itReturns('formats a duration of %i seconds as %j, as in the spec', formatDuration, [
    [2 * 3600 + 5 * 60 + 9, '2h 5m'],
    [3 * 60 + 10, '3m 10s'],
    [45, '45s'],
    [0, '0s'],
    [-5, '0s'],
  ]);

  itReturns('formats %s, seen at noon on 5 January 2025, as %j', (at) => formatTimeAgo(at, Date.parse(JAN_5)), [
    ['2025-01-05T11:59:58Z', 'just now'],
    ['2025-01-05T11:59:30Z', '30s ago'],
    ['2025-01-05T11:57:00Z', '3m ago'],
    ['2025-01-05T09:00:00Z', '3h ago'],
    ['2025-01-01T12:00:00Z', '4d ago'],
  ]);
});
