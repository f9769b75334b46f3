/**
 * The language of the server's own pages (docs/api.md#languages): the request's Accept-Language
 * against the catalogues (contract/languages.ts), else English. One i18next instance, made once at
 * load with every catalogue (no I/O, no await); each page takes the fixed `t` of its language.
 * Only pages call this: a redirect never reads the header.
 *
 * The `server` texts are trusted HTML (a few hold `<strong>`); the values given to them are
 * escaped by i18next's interpolation.
 */
import i18next, { type TFunction } from 'i18next';
import { I18NEXT_BASE, LANGUAGES } from '../../../contract/catalogues';
import { DEFAULT_LANGUAGE, pickLanguage, preferredLanguages } from '../../../contract/languages';

const pages = i18next.createInstance();
void pages.init({ ...I18NEXT_BASE, lng: DEFAULT_LANGUAGE });

export type PageTexts = TFunction;

/** The language of a page asked for with this Accept-Language header: one of LANGUAGES. */
export function pageLanguage(acceptLanguage: string | string[] | undefined): string {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  return pickLanguage(preferredLanguages(header), LANGUAGES);
}

/** The texts of one language. */
export function pageTexts(language: string): PageTexts {
  return pages.getFixedT(language);
}

/** The headers every page answer carries: its language, and that it depends on the request's. */
export function languageHeaders(language: string): { 'Content-Language': string; Vary: string } {
  return { 'Content-Language': language, Vary: 'Accept-Language' };
}

/** One value per language, made on first use (pages that never change once rendered). */
export function perLanguage<T>(make: (language: string) => T): (language: string) => T {
  const made = new Map<string, T>();
  return (language) => {
    let value = made.get(language);
    if (value === undefined) {
      value = make(language);
      made.set(language, value);
    }
    return value;
  };
}

export { LANGUAGES };
