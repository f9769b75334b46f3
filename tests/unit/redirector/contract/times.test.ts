import { describe, expect, it } from 'vitest';
import { apiFields, isCalendarDate, isoTimeOrNull } from '../../../../redirector/contract/times';

describe('stored times as the API shows them', () => {
  it('shows milliseconds as ISO 8601 in UTC and keeps no time null', () => {
    expect(isoTimeOrNull(Date.UTC(2026, 0, 5, 12))).toBe('2026-01-05T12:00:00.000Z');
    expect(isoTimeOrNull(null)).toBeNull();
  });

  it('answers only the named fields, in the order named, each …_at time as ISO 8601', () => {
    const stored = { id: 7, key_hash: 'secret', created_at: Date.UTC(2026, 0, 5), last_used_at: null, name: 'Ann' };
    const shown = apiFields(stored, ['name', 'id', 'created_at', 'last_used_at']);
    expect(shown).toEqual({ name: 'Ann', id: 7, created_at: '2026-01-05T00:00:00.000Z', last_used_at: null });
    expect(Object.keys(shown)).toEqual(['name', 'id', 'created_at', 'last_used_at']);
    expect('key_hash' in shown).toBe(false);
  });
});

describe('a day of the calendar', () => {
  it('takes the days each month has, 29 February in leap years only', () => {
    for (const text of [
      '2031-01-31T00:00Z',
      '2031-04-30',
      '2032-02-29T10:00:00+02:00',
      '2000-02-29',
      '2031-12-31T23:59Z',
    ]) {
      expect(isCalendarDate(text), text).toBe(true);
    }
    for (const text of [
      '2031-02-29T00:00Z',
      '2031-02-30',
      '2031-04-31T00:00Z',
      '1900-02-29',
      '2031-13-01',
      '2031-00-10',
      '2031-01-00',
      'soon',
    ]) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });
});
