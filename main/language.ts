/**
 * The desktop app's own words (menus, tray, notifications, the About box) in the window's language
 * (docs/api.md#languages): the language its switch shows, which the page tells main at start and on
 * every change and main keeps (desktopState.ts); before the page has said one, Electron's preferred
 * system languages against the catalogues of redirector/contract/locales, else English.
 */
import i18next, { type TFunction } from 'i18next';
import { I18NEXT_BASE, LANGUAGES } from '../redirector/contract/catalogues';
import { DEFAULT_LANGUAGE, pickLanguage } from '../redirector/contract/languages';
import type { DesktopStateStore } from './desktopState';

const desktop = i18next.createInstance();
void desktop.init({ ...I18NEXT_BASE, lng: DEFAULT_LANGUAGE, interpolation: { escapeValue: false } });

let language = DEFAULT_LANGUAGE;

/**
 * Uses the window's language when it has one we have a catalogue for, else the first of the
 * system's (app.getPreferredSystemLanguages()) we have, else English; returns the one in use.
 */
export function followLanguage(windowLanguage: string | null, systemLanguages: readonly string[]): string {
  language =
    windowLanguage !== null && LANGUAGES.includes(windowLanguage)
      ? windowLanguage
      : pickLanguage(systemLanguages, LANGUAGES);
  return language;
}

/**
 * Speaks the window's language from now on: the one kept from the last run at once (so a start's
 * menus are in it before the window loads), then each one the page sends, after which `redraw`
 * builds the application menu and the tray again in it.
 */
export function followWindowLanguage(
  state: Pick<DesktopStateStore, 'language' | 'onChange'>,
  systemLanguages: readonly string[],
  redraw: () => void,
): void {
  let current = followLanguage(state.language(), systemLanguages);
  state.onChange(() => {
    const next = followLanguage(state.language(), systemLanguages);
    if (next === current) return;
    current = next;
    redraw();
  });
}

/** The words of the language in use. */
export function desktopTexts(): TFunction {
  return desktop.getFixedT(language);
}
