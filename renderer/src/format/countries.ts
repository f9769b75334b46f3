/**
 * Country names and flags from ISO 3166-1 alpha-2 codes (CONTRACT §5): names from
 * Intl.DisplayNames in English, flags from the regional-indicator letters; 'XX' (and anything that
 * is not a two-letter code) is 'Unknown' with a globe.
 */
export const UNKNOWN_COUNTRY = 'XX';
export const UNKNOWN_FLAG = '🌐';

let names: Intl.DisplayNames | null | undefined;

function displayNames(): Intl.DisplayNames | null {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
  }
  return names;
}

function normalise(code: string | null | undefined): string | null {
  const upper = (code ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && upper !== UNKNOWN_COUNTRY ? upper : null;
}

export function countryName(code: string | null | undefined): string {
  const upper = normalise(code);
  if (!upper) return 'Unknown';
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

/** A country → count map as a list, most first (ties by name), optionally cut to `limit`. */
export function rankCountries(counts: Record<string, number>, limit?: number): CountryCount[] {
  const rows = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([code, count]) => ({ code, name: countryName(code), flag: countryFlag(code), count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return limit === undefined ? rows : rows.slice(0, limit);
}
