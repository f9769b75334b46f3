/**
 * Country names and flags from ISO 3166-1 alpha-2 codes (docs/api.md#analytics): names from
 * Intl.DisplayNames in the UI's language, flags from the regional-indicator letters; 'XX' (and
 * anything that is not a two-letter code) is 'Unknown' with a globe.
 */
import { i18next } from '../i18n';
import { activeFormatLocale } from './locale';

export const UNKNOWN_COUNTRY = 'XX';
export const UNKNOWN_FLAG = '🌐';

const namesByLocale = new Map<string, Intl.DisplayNames | null>();

function displayNames(): Intl.DisplayNames | null {
  const locale = activeFormatLocale() ?? 'en';
  let names = namesByLocale.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    namesByLocale.set(locale, names);
  }
  return names;
}

function normalise(code: string | null | undefined): string | null {
  const upper = (code ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && upper !== UNKNOWN_COUNTRY ? upper : null;
}

export function countryName(code: string | null | undefined): string {
  const upper = normalise(code);
  if (!upper) return i18next.t('countries.unknown');
  try {
    return displayNames()?.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

export function countryFlag(code: string | null | undefined): string {
  const upper = normalise(code);
  if (!upper) return UNKNOWN_FLAG;
  const base = 0x1f1e6 - 'A'.charCodeAt(0);
  return String.fromCodePoint(base + upper.charCodeAt(0), base + upper.charCodeAt(1));
}

/** 'Paris, France', or 'France' without a city: the country named in the UI's language, the city as given. */
export function placeLabel(place: { country: string | null | undefined; city: string | null | undefined }): string {
  const country = countryName(place.country);
  return place.city ? `${place.city}, ${country}` : country;
}

/** '🇺🇸 United States' */
export function countryLabel(code: string | null | undefined): string {
  return `${countryFlag(code)} ${countryName(code)}`;
}

export interface CountryCount {
  code: string;
  name: string;
  flag: string;
  count: number;
}

/** Countries ranked by clicks, and the clicks no country holds. */
export interface RankedCountries {
  /** Known countries only, most first (ties by name), cut to the limit. */
  countries: CountryCount[];
  /** Clicks from an unknown place ('XX' or no code): shown beside the ranking, never in it. */
  unknown: number;
}

/**
 * A country → count map as a ranking (docs/api.md#countries): "Unknown" holds clicks but is no
 * country, so it is never a ranked entry; its clicks come apart, for a note beside the list.
 */
export function rankCountries(counts: Record<string, number>, limit?: number): RankedCountries {
  let unknown = 0;
  const rows: CountryCount[] = [];
  for (const [code, count] of Object.entries(counts)) {
    if (count <= 0) continue;
    if (normalise(code) === null) unknown += count;
    else rows.push({ code, name: countryName(code), flag: countryFlag(code), count });
  }
  rows.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, activeFormatLocale()));
  return { countries: limit === undefined ? rows : rows.slice(0, limit), unknown };
}

/** ISO 3166-1 alpha-2 codes in use, and XK (Kosovo), which GeoIP data reports too. */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

/** Every country as a choice, A to Z by name in the UI's language. */
export function countryChoices(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, activeFormatLocale()),
  );
}
