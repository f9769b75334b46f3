import { describe, expect, it } from 'vitest';
import { countryFlag, countryLabel, countryName, rankCountries } from '../../../../renderer/src/format/countries';
import { itNamesCountries } from '../../../helpers/countries';

describe('country names and flags', () => {
  itNamesCountries({ countryName, countryFlag });

  it.each([null, undefined])('treats %j as Unknown with a globe', (code) => {
    expect(countryName(code)).toBe('Unknown');
    expect(countryFlag(code)).toBe('🌐');
  });

  it('labels a country with its flag and name', () => {
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
