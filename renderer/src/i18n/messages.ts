/**
 * The server's messages and the shared rules' (redirector/contract) in the UI's language
 * (docs/api.md#languages): the API answers in English, its texts fixed by the contract; a text
 * the catalogue's `messages` holds is shown in its translation, any other as it came. A `messages`
 * text with `{{name}}` parts matches a server text with anything in their place, and the
 * translation gets those parts (messageMatcher.ts). English's `messages` (the texts to look for)
 * loads with the whole catalogue (i18n/index.ts).
 */
import i18next from 'i18next';
import type { Catalogue } from '../../../redirector/contract/catalogues';
import { type MessageMatch, messageMatcher } from '../../../redirector/contract/messageMatcher';

type MessageKey = keyof Catalogue['messages'];

const ENGLISH = import.meta.glob<Partial<Catalogue>>('../../../redirector/contract/locales/en.json', {
  query: '?part=messages',
  import: 'default',
});

let match: ((text: string) => MessageMatch<MessageKey> | undefined) | undefined;
let pending: Promise<void> | undefined;

/** Learns English's message texts, once. */
export function loadMessageKeys(): Promise<void> {
  pending ??= Promise.all(Object.values(ENGLISH).map((load) => load())).then(([part]) => {
    match = messageMatcher((part?.messages ?? {}) as Record<MessageKey, string>);
  });
  return pending;
}

export function localiseMessage(text: string): string {
  const found = match?.(text);
  return found ? i18next.t(`messages.${found.key}`, { ...found.values, defaultValue: text }) : text;
}
