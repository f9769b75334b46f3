/**
 * Languages of the UI and of the server's pages (docs/api.md#languages), pure: which of the
 * languages we have best answers a browser's preferences (an `Accept-Language` header, or
 * `navigator.languages`). A language is a catalogue file, `locales/<code>.json`; English is the
 * fallback and the reference every other catalogue must match key for key.
 */
export const DEFAULT_LANGUAGE = 'en';

/** `es-MX` → `es`: catalogues are per language, not per region. */
export function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The tags of an Accept-Language header, best first (by q, then by order); q=0 means "not this". */
export function preferredLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0);
  ranked.sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.tag);
}

/** The first preferred language we have a catalogue for, else undefined. */
export function availableLanguage(preferred: readonly string[], available: readonly string[]): string | undefined {
  return preferred.map(baseLanguage).find((base) => available.includes(base));
}

/** The first preferred language we have a catalogue for, else English. */
export function pickLanguage(preferred: readonly string[], available: readonly string[]): string {
  return availableLanguage(preferred, available) ?? DEFAULT_LANGUAGE;
}

/** Each catalogue file's entries by its language: `…/locales/es.json` → `es`. */
export function byLanguage<T>(files: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(files).map(([file, value]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), value]),
  );
}

/** The languages in the order they are offered: English first, then the others by code. */
export function inLanguageOrder(codes: Iterable<string>): string[] {
  return [...codes].sort((a, b) => (a === DEFAULT_LANGUAGE ? -1 : b === DEFAULT_LANGUAGE ? 1 : a.localeCompare(b)));
}
