/**
 * The UI's languages (docs/api.md#languages): i18next over the catalogues of
 * redirector/contract/locales, the language chosen from the browser's (`navigator.languages`)
 * unless the switch picked one, which this browser keeps (`me.language`). Dates and numbers follow
 * the language (format/locale.ts); <html lang> too.
 *
 * Only the chosen language is downloaded, in two parts (redirector/contract/catalogueParts.ts):
 * the words of the shell and the landing page before the first draw (`i18nReady`), the rest with
 * the first other screen (`loadWholeCatalogue`, which every lazy screen awaits).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from '../../../redirector/contract/catalogues';
import {
  baseLanguage,
  byLanguage,
  DEFAULT_LANGUAGE,
  inLanguageOrder,
  pickLanguage,
} from '../../../redirector/contract/languages';
import { setFormatLocale } from '../format/locale';
import { loadMessageKeys } from './messages';

export const LANGUAGE_STORAGE_KEY = 'me.language';

type Part = Partial<Catalogue>;
type Loader = () => Promise<Part>;

const START = import.meta.glob<Part>('../../../redirector/contract/locales/*.json', {
  query: '?part=start',
  import: 'default',
});
const REST = import.meta.glob<Part>('../../../redirector/contract/locales/*.json', {
  query: '?part=rest',
  import: 'default',
});
/** Every language's name in itself, for the switch: a few bytes each, so all of them at once. */
const NAMES = import.meta.glob<Part>('../../../redirector/contract/locales/*.json', {
  query: '?part=language',
  import: 'default',
  eager: true,
});

const startParts: Record<string, Loader> = byLanguage(START);
const restParts: Record<string, Loader> = byLanguage(REST);

/** English first, then the others by code. */
export const LANGUAGES: readonly string[] = inLanguageOrder(Object.keys(startParts));

/** Each language's name in itself ("English", "Español"). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(byLanguage(NAMES)).map(([code, part]) => [code, part.language?.name ?? code]),
);

/** The browser's languages, best first (none outside a browser). */
function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/** The browser's own tag when it is of this language ('en-GB' for 'en'), so formats keep the region. */
function formatTagFor(language: string): string {
  return browserLanguages().find((tag) => baseLanguage(tag) === language) ?? language;
}

function followLanguage(language: string): void {
  setFormatLocale(formatTagFor(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The switch's choice when this browser kept one we have, else the browser's languages' best. */
function initialLanguage(): string {
  try {
    const kept = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (kept && LANGUAGES.includes(kept)) return kept;
  } catch {
    // No storage: the browser's languages decide.
  }
  return pickLanguage(browserLanguages(), LANGUAGES);
}

/** Whether the screens beyond the landing page have asked for the whole catalogue yet. */
let wholeWanted = false;
const loading = new Map<string, Promise<void>>();

function loadPart(language: string, part: 'start' | 'rest'): Promise<void> {
  const key = `${language}:${part}`;
  let pending = loading.get(key);
  if (!pending) {
    const load = (part === 'start' ? startParts : restParts)[language];
    if (!load) return Promise.reject(new Error(`no catalogue for the language "${language}"`));
    pending = load().then((words) => {
      i18next.addResourceBundle(language, 'translation', words, true, false);
    });
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** The parts of a language that the screens shown so far need. */
function loadLanguage(language: string): Promise<void> {
  return Promise.all([loadPart(language, 'start'), wholeWanted ? loadPart(language, 'rest') : undefined]).then(
    () => undefined,
  );
}

i18next.on('languageChanged', followLanguage);

/** Resolves once the chosen language's first part is in: the app draws after it (main.tsx). */
export const i18nReady: Promise<void> = (async () => {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  await loadLanguage(language);
  // Resolves the language again now that its words are in (and follows it: formats, <html lang>).
  await i18next.changeLanguage(language);
})();

/** Every screen but the landing page awaits this before it draws (app/routes.tsx). */
export async function loadWholeCatalogue(): Promise<void> {
  wholeWanted = true;
  await i18nReady;
  await Promise.all([loadPart(currentLanguage(), 'rest'), loadMessageKeys()]);
}

/** The language in use, one of LANGUAGES. */
export function currentLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? DEFAULT_LANGUAGE;
}

/**
 * The switch: use this language and keep it in this browser; the page redraws once its words are
 * in. When they cannot be downloaded (the server gone), the page stays in its language, nothing is
 * kept, and the answer is false.
 */
export async function chooseLanguage(language: string): Promise<boolean> {
  try {
    await loadLanguage(language);
  } catch (error) {
    console.error(`the words of "${language}" could not be loaded`, error);
    return false;
  }
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing still switches for this page.
  }
  await i18next.changeLanguage(language);
  return true;
}

export { i18next };

/** The names of a space-separated list, as a type: 'title subtitle' → 'title' | 'subtitle'. */
type Names<S extends string> = S extends `${infer Head} ${infer Rest}` ? Head | Names<Rest> : S;

/**
 * `{ name: t('<prefix>.<name>') }` for each of the space-separated names, read in the language in
 * use: the words a screen reads by name, where each is the catalogue entry of the same name.
 */
export function catalogueTexts<S extends string>(prefix: string, names: S): Record<Names<S>, string> {
  const t = i18next.t as (key: string) => string;
  return Object.fromEntries(names.split(' ').map((name) => [name, t(`${prefix}.${name}`)])) as Record<Names<S>, string>;
}
