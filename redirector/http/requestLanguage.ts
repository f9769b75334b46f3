/**
 * The language a request was made in (docs/api.md#languages): the first of its Accept-Language
 * header's that has a catalogue, undefined when none has (or there is no header). The UI sends its
 * chosen language in this header on every call; mails a request causes are written in it.
 */
import type { Context } from 'koa';
import { LANGUAGES } from '../contract/catalogues';
import { availableLanguage, preferredLanguages } from '../contract/languages';

export function requestLanguage(ctx: Context): string | undefined {
  return availableLanguage(preferredLanguages(ctx.get('Accept-Language')), LANGUAGES);
}
