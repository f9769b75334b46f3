/**
 * Country names and flags for two-letter codes (docs/api.md#analytics): English names from Intl.DisplayNames,
 * flags from the regional-indicator letters, and 'XX' (unknown) as "Unknown" with a globe.
 * Pure and free of Node APIs, so the renderer can carry a copy (it may import only types from
 * redirector/).
 */
export const UNKNOWN_COUNTRY = 'XX';
export const UNKNOWN_COUNTRY_NAME = 'Unknown';
export const UNKNOWN_COUNTRY_FLAG = '\u{1F310}';

const REGIONAL_INDICATOR_A = 0x1f1e6;
const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function normalised(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && upper !== UNKNOWN_COUNTRY ? upper : undefined;
}

/** "France" for FR; "Unknown" for XX or anything that is not a two-letter code; the code itself if Intl has no name. */
export function countryName(code: string): string {
  const upper = normalised(code);
  if (upper === undefined) return UNKNOWN_COUNTRY_NAME;
  try {
    return displayNames.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** 🇫🇷 for FR; 🌐 for XX or anything that is not a two-letter code. */
export function countryFlag(code: string): string {
  const upper = normalised(code);
  if (upper === undefined) return UNKNOWN_COUNTRY_FLAG;
  return String.fromCodePoint(...[...upper].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65));
}
