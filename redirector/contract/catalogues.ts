/// <reference types="vite/client" />
/**
 * The catalogues of every language (docs/api.md#languages): each file `locales/<code>.json` is
 * one language, found by the build, so adding a language is adding one file. The UI
 * (renderer/src/i18n) and the server's pages (redirector/http/pages) read them from here.
 */

import type { InitOptions } from 'i18next';
import { byLanguage, DEFAULT_LANGUAGE, inLanguageOrder } from './languages';
import type english from './locales/en.json';

export type Catalogue = typeof english;

/**
 * The build (Vite, Vitest) replaces the glob with the files. Playwright's own loader has no glob: it
 * loads the server's modules only for the test helpers beside them (the server under test is the
 * built one), so there it finds no catalogue rather than failing every spec at import.
 */
function catalogueFiles(): Record<string, Catalogue> {
  try {
    return import.meta.glob<Catalogue>('./locales/*.json', { eager: true, import: 'default' });
  } catch {
    return {};
  }
}

const FILES = catalogueFiles();

export const CATALOGUES: Readonly<Record<string, Catalogue>> = byLanguage(FILES);

/** English first, then the others by code. */
export const LANGUAGES: readonly string[] = inLanguageOrder(Object.keys(CATALOGUES));

/**
 * What every i18next instance (the UI's, the server pages', the desktop's) starts from: every
 * catalogue as resources, English as the fallback, loaded at once (no I/O, no await).
 */
export const I18NEXT_BASE: InitOptions = {
  resources: Object.fromEntries(
    Object.entries(CATALOGUES).map(([code, catalogue]) => [code, { translation: catalogue }]),
  ),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  returnNull: false,
};
