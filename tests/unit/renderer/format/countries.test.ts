import { describe, expect, it } from 'vitest';
import { countryFlag, countryLabel, countryName, rankCountries } from '../../../../renderer/src/format/countries';

describe('country names and flags', () => {
  it('names codes in English from Intl.DisplayNames', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('gb')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('KE')).toBe('Kenya');
  });

  it('treats XX, empty and malformed codes as Unknown with a globe', () => {
    for (const code of ['XX', 'xx', '', null, undefined, 'USA', '1A']) {
      expect(countryName(code)).toBe('Unknown');
      expect(countryFlag(code)).toBe('🌐');
    }
  });

  it('builds flags from regional-indicator letters', () => {
    expect(countryFlag('US')).toBe('🇺🇸');
    expect(countryFlag('jp')).toBe('🇯🇵');
    expect(countryLabel('FR')).toBe('🇫🇷 France');
    expect(countryLabel('XX')).toBe('🌐 Unknown');
  });

  it('ranks countries by count, ties by name, dropping zeros, cut to the limit', () => {
    const ranked = rankCountries({ DE: 3, US: 9, FR: 3, XX: 1, BR: 0, IN: 2 }, 4);
    expect(ranked.map((row) => [row.code, row.count])).toEqual([
      ['US', 9],
      ['FR', 3],
      ['DE', 3],
      ['IN', 2],
    ]);
    expect(ranked[0]).toEqual({ code: 'US', name: 'United States', flag: '🇺🇸', count: 9 });
    expect(rankCountries({}).length).toBe(0);
  });
});
