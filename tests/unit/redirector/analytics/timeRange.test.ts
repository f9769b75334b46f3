/**
 * A range's ends are the first instants of its local days (docs/api.md#analytics), checked against
 * Intl on the days whose clocks change, where a day can start twice (fall back from 01:00 to
 * 00:00), in a gap (spring forward at midnight), or not at all (Samoa skipped 2011-12-30).
 */
import { describe, expect, it } from 'vitest';
import { localDayStart, timeRangeOf } from '../../../../redirector/analytics/timeRange';
import { zoneCalendar } from '../../../../redirector/analytics/timeZone';
import { dateToDay } from '../../../../redirector/contract/dateRange';
import { intlDate } from '../../../helpers/intlTime';

const MINUTE = 60_000;
const start = (timeZone: string, date: string) =>
  new Date(localDayStart(zoneCalendar(timeZone), dateToDay(date)!)).toISOString();

describe('localDayStart', () => {
  it.each([
    // Fall back at 01:00 to 00:00: midnight comes twice, the day starts at the first.
    ['Asia/Gaza', '2021-10-29', '2021-10-28T21:00:00.000Z'],
    ['Asia/Hebron', '2020-10-24', '2020-10-23T21:00:00.000Z'],
    ['Asia/Amman', '2019-10-25', '2019-10-24T21:00:00.000Z'],
    ['Asia/Magadan', '2014-10-26', '2014-10-25T12:00:00.000Z'],
    // Spring forward at midnight: the day starts where the gap ends (01:00).
    ['America/Havana', '2024-03-10', '2024-03-10T05:00:00.000Z'],
    ['America/Santiago', '2024-09-08', '2024-09-08T04:00:00.000Z'],
    // Fall back at midnight to 23:00 of the day before: one start.
    ['America/Santiago', '2024-04-07', '2024-04-07T04:00:00.000Z'],
    ['Asia/Kolkata', '2025-03-30', '2025-03-29T18:30:00.000Z'],
    ['Asia/Kathmandu', '2025-03-30', '2025-03-29T18:15:00.000Z'],
    ['Europe/Berlin', '2025-10-26', '2025-10-25T22:00:00.000Z'],
  ])('%s %s starts at %s', (timeZone, date, iso) => {
    expect(start(timeZone, date)).toBe(iso);
    const ms = Date.parse(iso);
    expect(intlDate(ms, timeZone)).toBe(date);
    expect(intlDate(ms - MINUTE, timeZone) < date).toBe(true);
  });

  it('a day that never was (Pacific/Apia 2011-12-30) is an empty range', () => {
    const range = timeRangeOf({ from: '2011-12-30', to: '2011-12-30' }, zoneCalendar('Pacific/Apia'));
    expect(range.end - range.start).toBe(0);
  });
});
