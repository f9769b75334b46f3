import { describe, expect, it } from 'vitest';
import { dayToDate, isValidTimeZone, zoneCalendar } from '../../../../redirector/analytics/timeZone';
import { itReturns } from '../../../helpers/tables';

const MINUTE = 60_000;
const local = (timeZone: string, iso: string) => {
  const calendar = zoneCalendar(timeZone);
  const ms = Date.parse(iso);
  const { day, hour, weekday } = calendar.local(ms);
  return { date: dayToDate(day), hour, weekday, offset: calendar.offsetMinutes(ms) };
};

describe('isValidTimeZone', () => {
  itReturns('accepts %s, a zone Intl knows', isValidTimeZone, [
    ['UTC', true],
    ['Etc/UTC', true],
    ['Europe/Berlin', true],
    ['Asia/Kathmandu', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Etc/GMT+12', true],
  ]);
  itReturns('refuses %j', isValidTimeZone, [
    ['', false],
    ['Mars/Olympus', false],
    ['Europe/Berlin ', false],
    ['GMT+25', false],
    ['../etc/passwd', false],
    ['x'.repeat(65), false],
  ]);
});

describe('zoneCalendar', () => {
  it('is plain UTC arithmetic for UTC', () => {
    expect(local('UTC', '2025-06-18T23:30:00Z')).toEqual({ date: '2025-06-18', hour: 23, weekday: 3, offset: 0 });
    expect(local('UTC', '1969-12-31T23:59:00Z')).toEqual({ date: '1969-12-31', hour: 23, weekday: 3, offset: 0 });
  });

  it('moves 23:30 UTC to the next day east of Greenwich', () => {
    expect(local('Asia/Tokyo', '2025-06-18T23:30:00Z')).toEqual({
      date: '2025-06-19',
      hour: 8,
      weekday: 4,
      offset: 540,
    });
    expect(local('Asia/Kolkata', '2025-06-18T23:30:00Z')).toEqual({
      date: '2025-06-19',
      hour: 5,
      weekday: 4,
      offset: 330,
    });
    expect(local('Asia/Kathmandu', '2025-06-18T18:15:00Z')).toEqual({
      date: '2025-06-19',
      hour: 0,
      weekday: 4,
      offset: 345,
    });
    expect(local('Asia/Kathmandu', '2025-06-18T18:14:59Z')).toMatchObject({ date: '2025-06-18', hour: 23 });
  });

  it('moves early UTC hours to the day before west of Greenwich', () => {
    expect(local('America/Los_Angeles', '2025-06-18T06:59:00Z')).toEqual({
      date: '2025-06-17',
      hour: 23,
      weekday: 2,
      offset: -420,
    });
    expect(local('Pacific/Marquesas', '2025-06-18T09:29:00Z')).toMatchObject({
      date: '2025-06-17',
      hour: 23,
      offset: -570,
    });
  });

  it('follows daylight saving time on the minute it changes', () => {
    // Europe/Berlin springs forward at 01:00 UTC on 30 March 2025 (02:00 → 03:00 local).
    expect(local('Europe/Berlin', '2025-03-30T00:59:00Z')).toMatchObject({ hour: 1, offset: 60 });
    expect(local('Europe/Berlin', '2025-03-30T01:00:00Z')).toMatchObject({ hour: 3, offset: 120 });
    // America/New_York falls back at 06:00 UTC on 2 November 2025: 01:xx local twice.
    expect(local('America/New_York', '2025-11-02T05:30:00Z')).toMatchObject({
      date: '2025-11-02',
      hour: 1,
      offset: -240,
    });
    expect(local('America/New_York', '2025-11-02T06:30:00Z')).toMatchObject({
      date: '2025-11-02',
      hour: 1,
      offset: -300,
    });
    // Lord Howe Island moves by half an hour (+11 → +10:30 at 02:00 local on 6 April 2025, 15:00 UTC the day before).
    expect(local('Australia/Lord_Howe', '2025-04-05T14:59:00Z')).toMatchObject({ hour: 1, offset: 660 });
    expect(local('Australia/Lord_Howe', '2025-04-05T15:00:00Z')).toMatchObject({ hour: 1, offset: 630 });
  });

  it('agrees with Intl at every quarter hour of a year in a zone with DST', () => {
    for (const timeZone of ['Europe/London', 'America/Santiago', 'Australia/Adelaide', 'Asia/Kathmandu']) {
      const calendar = zoneCalendar(timeZone);
      const hourOf = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
      const dateOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      const start = Date.UTC(2025, 0, 1);
      for (let ms = start; ms < start + 366 * 24 * 60 * MINUTE; ms += 15 * MINUTE) {
        const { day, hour } = calendar.local(ms);
        if (hour !== Number(hourOf.format(ms)) || dayToDate(day) !== dateOf.format(ms)) {
          throw new Error(`${timeZone} at ${new Date(ms).toISOString()}: ${dayToDate(day)} ${hour}h`);
        }
      }
    }
  });
});
