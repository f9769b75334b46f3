import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, plural } from '../../../../renderer/src/format/numbers';

describe('numbers', () => {
  it('groups digits in the locale', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatNumber(Number.NaN, 'en-US')).toBe('0');
  });

  it('formats fractions as percentages', () => {
    expect(formatPercent(0.4567, 1, 'en-US')).toBe('45.7%');
    expect(formatPercent(0.5, 1, 'en-US')).toBe('50%');
    expect(formatPercent(Number.NaN, 1, 'en-US')).toBe('0%');
  });

  it('picks singular or plural', () => {
    expect(plural(1, 'visit', 'visits', 'en-US')).toBe('1 visit');
    expect(plural(1200, 'visit', 'visits', 'en-US')).toBe('1,200 visits');
  });
});
