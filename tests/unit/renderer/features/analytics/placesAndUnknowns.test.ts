/**
 * "Unknown" and place names in the UI's language (docs/api.md#languages): the server's 'Unknown'
 * key of a count map (a browser or system it could not tell), a country it could not place, and
 * Repeat Visitors' places, whose countries are named in the UI's language and cities as given.
 * They stayed English in Spanish.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { topItems } from '../../../../../renderer/src/features/analytics/analyticsFormat';
import { locationsText } from '../../../../../renderer/src/features/analytics/RepeatVisitorsPage';
import { countryName, rankCountries } from '../../../../../renderer/src/format/countries';
import { i18next } from '../../../../../renderer/src/i18n';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const PLACES = [
  { country: 'DE', city: 'München' },
  { country: 'US', city: null },
  { country: 'XX', city: null },
];

describe('unknowns and places in the UI language', () => {
  it("shows a count map's Unknown and an unknown country in Spanish", async () => {
    await i18next.changeLanguage('es');
    expect(topItems({ Chrome: 3, Unknown: 2 }).map((item) => item.label)).toEqual(['Chrome', 'Desconocido']);
    // An unknown country is not ranked among the countries (a note beside them), but named in Spanish.
    expect(rankCountries({ XX: 1 })).toEqual({ countries: [], unknown: 1 });
    expect(countryName('XX')).toBe('Desconocido');
  });

  it("names Repeat Visitors' countries in the UI language and keeps cities as given", async () => {
    expect(locationsText(PLACES)).toBe('München, Germany, United States +1 more');
    await i18next.changeLanguage('es');
    expect(locationsText(PLACES)).toBe('München, Alemania, Estados Unidos y 1 más');
    expect(locationsText(PLACES.slice(2))).toBe('Desconocido');
  });
});
