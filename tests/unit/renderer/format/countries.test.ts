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
    const { countries: ranked } = rankCountries({ DE: 3, US: 9, FR: 3, XX: 1, BR: 0, IN: 2 }, 4);
    expect(ranked.map((row) => [row.code, row.count])).toEqual([
      ['US', 9],
      ['FR', 3],
      ['DE', 3],
      ['IN', 2],
    ]);
    expect(ranked[0]).toEqual({ code: 'US', name: 'United States', flag: '🇺🇸', count: 9 });
    expect(rankCountries({})).toEqual({ countries: [], unknown: 0 });
  });

  it('never ranks Unknown as a country: its clicks come apart, however many', () => {
    // Unknown holds the most clicks here: it still is no entry of the top five.
    const ranked = rankCountries({ XX: 40, US: 9, DE: 3, FR: 2, IN: 1, BR: 1, JP: 1 }, 5);
    expect(ranked.countries.map((row) => row.code)).toEqual(['US', 'DE', 'FR', 'BR', 'IN']);
    expect(ranked.unknown).toBe(40);
    expect(rankCountries({ XX: 2, '': 1 }, 5)).toEqual({ countries: [], unknown: 3 });
  });
});
