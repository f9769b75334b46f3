import { describe, expect, it } from 'vitest';
import {
  countMap,
  deviceStats,
  dimensionMap,
  timePatterns,
  todayClicks,
} from '../../../../redirector/analytics/counts';
import { zoneCalendar } from '../../../../redirector/analytics/timeZone';
import { dailyClicks } from '../../../helpers/series';

const QUARTER = 15 * 60_000;

describe('count maps', () => {
  it('orders keys by clicks, then by name, and adds duplicates', () => {
    const map = countMap([
      { value: 'b', clicks: 2 },
      { value: 'a', clicks: 2 },
      { value: 'c', clicks: 5 },
    ]);
    expect(Object.entries(map)).toEqual([
      ['c', 5],
      ['a', 2],
      ['b', 2],
    ]);
  });

  it('counts keys that plain objects inherit or treat specially, and serialises them as JSON', () => {
    const map = countMap([
      { value: 'constructor', clicks: 1 },
      { value: '__proto__', clicks: 2 },
      { value: 'toString', clicks: 3 },
      { value: 'constructor', clicks: 1 },
    ]);
    expect(JSON.stringify(map)).toBe('{"toString":3,"__proto__":2,"constructor":2}');
  });

  it('names clicks without a value', () => {
    const rows = [
      { dimension: 'referrer' as const, value: null, clicks: 3 },
      { dimension: 'referrer' as const, value: 't.co', clicks: 1 },
      { dimension: 'browser' as const, value: null, clicks: 4 },
    ];
    expect(dimensionMap(rows, 'referrer', 'Direct')).toEqual({ Direct: 3, 't.co': 1 });
    expect(dimensionMap(rows, 'browser')).toEqual({ Unknown: 4 });
    expect(dimensionMap(rows, 'os')).toEqual({});
  });

  it('always has the three device types', () => {
    expect(deviceStats([])).toEqual({ ios: 0, android: 0, web: 0 });
    expect(deviceStats([{ value: 'android', clicks: 2 }])).toEqual({ ios: 0, android: 2, web: 0 });
  });
});

describe('timePatterns', () => {
  it('sums quarter hours into local hours, weekdays and the last seven days across a DST change', () => {
    // Berlin springs forward on Sunday 30 March 2025 at 01:00 UTC.
    const quarters = [
      { start: Date.UTC(2025, 2, 30, 0, 45), clicks: 2 }, // 01:45 CET
      { start: Date.UTC(2025, 2, 30, 1, 0), clicks: 3 }, // 03:00 CEST
      { start: Date.UTC(2025, 2, 29, 22, 45), clicks: 1 }, // Saturday 23:45 CET
      { start: Date.UTC(2025, 2, 22, 23, 0), clicks: 7 }, // Sunday 23rd 00:00 CET: 7 days ago, left out
    ];
    const now = Date.UTC(2025, 2, 30, 12, 0);
    const patterns = timePatterns(quarters, zoneCalendar('Europe/Berlin'), now);
    expect(patterns.hourly[1]).toBe(2);
    expect(patterns.hourly[3]).toBe(3);
    expect(patterns.hourly[23]).toBe(1);
    expect(patterns.hourly[0]).toBe(7);
    expect(patterns.daily).toEqual([12, 0, 0, 0, 0, 0, 1]);
    expect(patterns.last7Days).toEqual(dailyClicks('2025-03-24', [0, 0, 0, 0, 0, 1, 5]));
  });

  it("counts today's clicks by the local date of each quarter hour", () => {
    const now = Date.UTC(2025, 5, 18, 20, 0);
    const quarters = [
      { start: Date.UTC(2025, 5, 18, 18, 0), clicks: 4 }, // 23:45 in Kathmandu: today
      { start: Date.UTC(2025, 5, 18, 18, 15), clicks: 5 }, // 00:00 on the 19th there: tomorrow… which is today there
      { start: Date.UTC(2025, 5, 18, 18, 0) - 24 * 4 * QUARTER, clicks: 6 },
    ];
    // At 20:00 UTC it is already 01:45 on the 19th in Kathmandu.
    expect(todayClicks(quarters, zoneCalendar('Asia/Kathmandu'), now)).toBe(5);
    expect(todayClicks(quarters, zoneCalendar('UTC'), now)).toBe(9);
  });
});
