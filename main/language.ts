/**
 * The desktop app's own words (menus, tray, notifications, the About box) in the system's
 * language (docs/api.md#languages): Electron's preferred system languages against the catalogues
 * of redirector/contract/locales, else English. The window's pages have their own switch; these
 * native parts follow the system.
 */
import i18next, { type TFunction } from 'i18next';
import { I18NEXT_BASE, LANGUAGES } from '../redirector/contract/catalogues';
import { DEFAULT_LANGUAGE, pickLanguage } from '../redirector/contract/languages';

const desktop = i18next.createInstance();
void desktop.init({ ...I18NEXT_BASE, lng: DEFAULT_LANGUAGE, interpolation: { escapeValue: false } });

let language = DEFAULT_LANGUAGE;

/** Picks the language from the system's preferences (app.getPreferredSystemLanguages()); returns it. */
export function followSystemLanguages(preferred: readonly string[]): string {
  language = pickLanguage(preferred, LANGUAGES);
  return language;
}

/** The words of the language in use. */
export function desktopTexts(): TFunction {
  return desktop.getFixedT(language);
}
