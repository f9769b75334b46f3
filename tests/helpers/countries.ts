/**
 * The cases both copies of the country naming rules (the service's and the renderer's) must
 * answer alike, so a change to one copy that the other lacks fails in both test files.
 */
import { expect, it } from 'vitest';

interface CountryNaming {
  countryName(code: string): string;
  countryFlag(code: string): string;
}

/** Each code (upper or lower case) with its English name and its flag. */
const NAMED: Record<string, [name: string, flag: string]> = {
  US: ['United States', '🇺🇸'],
  NG: ['Nigeria', '🇳🇬'],
  IN: ['India', '🇮🇳'],
  gb: ['United Kingdom', '🇬🇧'],
  DE: ['Germany', '🇩🇪'],
  KE: ['Kenya', '🇰🇪'],
  fr: ['France', '🇫🇷'],
  jp: ['Japan', '🇯🇵'],
  NP: ['Nepal', '🇳🇵'],
};

export function itNamesCountries({ countryName, countryFlag }: CountryNaming): void {
  it.each(Object.entries(NAMED).map(([code, [name, flag]]) => [code, name, flag]))(
    'names %s in English from Intl (%s) and builds its flag from regional-indicator letters',
    (code, name, flag) => {
      expect(countryName(code)).toBe(name);
      expect(countryFlag(code)).toBe(flag);
    },
  );

  it.each(['XX', 'xx', '', 'USA', '1A', '??', '12'])(
    'says Unknown with a globe for %j (not a two-letter code)',
    (code) => {
      expect(countryName(code)).toBe('Unknown');
      expect(countryFlag(code)).toBe('🌐');
    },
  );
}
