import { describe, expect, it } from 'vitest';
import { apiFields, isoTimeOrNull } from '../../../../redirector/contract/times';

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
