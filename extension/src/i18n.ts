/**
 * The extension's words: the web UI's catalogues (redirector/contract/locales), only the parts it
 * shows (its own `extension` namespace and the UI's `common`, `linkForm` and `qr` words, so "Copy",
 * "Short Code" or "3 clicks" read exactly as on the dashboard, and `messages`, the server's
 * sentences), in the browser's language when it is one of them. i18next's `{{name}}`, `{{count, number}}` and `_one`/`_other` forms, without i18next.
 */

import { pickLanguage } from '../../redirector/contract/languages';
import enCommon from '../../redirector/contract/locales/en.json?part=common';
import enExtension from '../../redirector/contract/locales/en.json?part=extension';
import enLinkForm from '../../redirector/contract/locales/en.json?part=linkForm';
import enMessages from '../../redirector/contract/locales/en.json?part=messages';
import enQr from '../../redirector/contract/locales/en.json?part=qr';
import esCommon from '../../redirector/contract/locales/es.json?part=common';
import esExtension from '../../redirector/contract/locales/es.json?part=extension';
import esLinkForm from '../../redirector/contract/locales/es.json?part=linkForm';
import esMessages from '../../redirector/contract/locales/es.json?part=messages';
import esQr from '../../redirector/contract/locales/es.json?part=qr';
import { messageMatcher } from '../../redirector/contract/messageMatcher';

type Tree = { [key: string]: string | Tree };

const CATALOGUES: Record<string, Tree> = {
  en: { ...enCommon, ...enExtension, ...enLinkForm, ...enQr } as unknown as Tree,
  es: { ...esCommon, ...esExtension, ...esLinkForm, ...esQr, ...esMessages } as unknown as Tree,
};

export const language = pickLanguage(
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  Object.keys(CATALOGUES),
);

const catalogue = CATALOGUES[language] ?? (CATALOGUES.en as Tree);

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `key` (dotted, as in the catalogue) in the chosen language, its `{{variables}}` filled in. */
export function t(key: string, values: Record<string, string | number> = {}): string {
  const count = values.count;
  const plural = typeof count === 'number' ? new Intl.PluralRules(language).select(count) : undefined;
  const text =
    (plural && lookup(catalogue, `${key}_${plural}`)) ??
    (plural && lookup(catalogue, `${key}_other`)) ??
    lookup(catalogue, key) ??
    key;
  return text.replace(/\{\{\s*(\w+)(\s*,\s*number)?\s*\}\}/g, (_, name: string, asNumber?: string) => {
    const value = values[name];
    if (value === undefined) return '';
    return asNumber && typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : String(value);
  });
}

let matchMessage: ReturnType<typeof messageMatcher> | undefined;

/**
 * A sentence of the server's (always English) or of the shared rules in the chosen language when
 * the catalogue's `messages` hold it, as the web UI shows them (docs/api.md#languages); any other as
 * it came.
 */
export function serverText(text: string): string {
  if (language === 'en') return text;
  matchMessage ??= messageMatcher((enMessages as { messages: Record<string, string> }).messages);
  const found = matchMessage(text);
  return found ? t(`messages.${found.key}`, found.values) : text;
}
