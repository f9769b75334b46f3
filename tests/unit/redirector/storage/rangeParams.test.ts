/**
 * A range's whole UTC days and partial windows (rangeFragments.ts rangeParams): with a click at or
 * after its end (`later`), the partial day at the end is read click by click; with none, that day
 * is a whole day of the rollups and no window is left at the end.
 */
import { describe, expect, it } from 'vitest';
import { rangeParams } from '../../../../redirector/storage/analytics/sql/rangeFragments';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const D = 20_000;

describe('rangeParams', () => {
  // Berlin's 30 days to today: 23:00 UTC to 23:00 UTC.
  const berlin = { start: (D - 29) * DAY - HOUR, end: (D + 1) * DAY - HOUR };

  it('reads the partial days at both ends click by click when a click comes later', () => {
    expect(rangeParams(berlin)).toMatchObject({
      d1: D - 29,
      d2: D,
      s1: berlin.start,
      e1: (D - 29) * DAY,
      s2: D * DAY,
      e2: berlin.end,
    });
  });

  it('reads the day of its end whole when no click comes at or after the end', () => {
    const params = rangeParams(berlin, false);
    expect(params).toMatchObject({ d1: D - 29, d2: D + 1, s1: berlin.start, e1: (D - 29) * DAY });
    expect(params.e2 - params.s2).toBe(0);
    // The quarter hours stay the range's own.
    expect(params).toMatchObject({ q1: berlin.start / 900_000, q2: berlin.end / 900_000 });
  });

  it('changes nothing for a range ending at a UTC midnight, and keeps a range inside one day partial', () => {
    const utc = { start: (D - 29) * DAY, end: (D + 1) * DAY };
    for (const later of [true, false]) {
      const params = rangeParams(utc, later);
      expect(params).toMatchObject({ d1: D - 29, d2: D + 1, s1: utc.start, e1: utc.start });
      expect(params.e2 - params.s2).toBe(0);
    }
    const hours = { start: D * DAY + 2 * HOUR, end: D * DAY + 5 * HOUR };
    expect(rangeParams(hours, false)).toMatchObject({ d1: 0, d2: 0, s1: hours.start, e1: hours.end });
  });

  it('reads today whole for a range of today alone that starts at its UTC midnight', () => {
    const today = { start: D * DAY, end: D * DAY + 23 * HOUR };
    expect(rangeParams(today)).toMatchObject({ d1: 0, d2: 0, s1: today.start, e1: today.end });
    expect(rangeParams(today, false)).toMatchObject({ d1: D, d2: D + 1, s1: today.start, e1: D * DAY });
  });
});
