import { describe, expect, it } from 'vitest';
import { countryFlag, countryName } from '../../../../redirector/analytics/countries';

describe('countryName', () => {
  it('gives English names from Intl', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('NG')).toBe('Nigeria');
    expect(countryName('IN')).toBe('India');
    expect(countryName('gb')).toBe('United Kingdom');
  });
  it('says Unknown for XX and for anything that is not a two-letter code', () => {
    for (const code of ['XX', 'xx', '', 'USA', '1A', '??']) expect(countryName(code), code).toBe('Unknown');
  });
});

describe('countryFlag', () => {
  it('builds the flag from regional-indicator letters', () => {
    expect(countryFlag('US')).toBe('🇺🇸');
    expect(countryFlag('fr')).toBe('🇫🇷');
    expect(countryFlag('NP')).toBe('🇳🇵');
  });
  it('shows a globe for XX and anything that is not a two-letter code', () => {
    for (const code of ['XX', '', 'USA', '12']) expect(countryFlag(code), code).toBe('🌐');
  });
});
