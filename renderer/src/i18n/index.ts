/**
 * The UI's languages (docs/api.md#languages): i18next over the catalogues of
 * redirector/contract/locales, the language chosen from the browser's (`navigator.languages`)
 * unless the switch picked one, which this browser keeps (`me.language`). Dates and numbers follow
 * the language (format/locale.ts); <html lang> too.
 */
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { I18NEXT_BASE, LANGUAGES } from '../../../redirector/contract/catalogues';
import { baseLanguage, DEFAULT_LANGUAGE } from '../../../redirector/contract/languages';
import { setFormatLocale } from '../format/locale';

export const LANGUAGE_STORAGE_KEY = 'me.language';

/** The browser's own tag when it is of this language ('en-GB' for 'en'), so formats keep the region. */
function formatTagFor(language: string): string {
  const own = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return own.find((tag) => baseLanguage(tag) === language) ?? language;
}

function followLanguage(language: string): void {
  setFormatLocale(formatTagFor(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18next.on('languageChanged', followLanguage);

void i18next
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ...I18NEXT_BASE,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: LANGUAGE_STORAGE_KEY, caches: [] },
    interpolation: { escapeValue: false },
  });

/** The language in use, one of LANGUAGES. */
export function currentLanguage(): string {
  return i18next.resolvedLanguage ?? DEFAULT_LANGUAGE;
}

/** The switch: use this language and keep it in this browser. */
export function chooseLanguage(language: string): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches for this page.
  }
  void i18next.changeLanguage(language);
}

export { i18next, LANGUAGES };
