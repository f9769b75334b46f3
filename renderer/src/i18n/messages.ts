/**
 * The server's messages and the shared rules' (redirector/contract) in the UI's language
 * (docs/api.md#languages): the API answers in English, its texts fixed by the contract; a text
 * the catalogue's `messages` holds is shown in its translation, any other as it came.
 */
import { CATALOGUES } from '../../../redirector/contract/catalogues';
import { i18next } from './index';

type MessageKey = keyof (typeof CATALOGUES)['en']['messages'];

let byEnglish: Map<string, MessageKey> | undefined;

export function localiseMessage(text: string): string {
  byEnglish ??= new Map(
    Object.entries(CATALOGUES.en?.messages ?? {}).map(([key, english]) => [english, key as MessageKey]),
  );
  const key = byEnglish.get(text);
  return key ? i18next.t(`messages.${key}`) : text;
}
