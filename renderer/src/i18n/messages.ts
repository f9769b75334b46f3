/**
 * The server's messages and the shared rules' (redirector/contract) in the UI's language
 * (docs/api.md#languages): the API answers in English, its texts fixed by the contract; a text
 * the catalogue's `messages` holds is shown in its translation, any other as it came. English's
 * `messages` (the texts to look for) loads with the whole catalogue (i18n/index.ts).
 */
import i18next from 'i18next';
import type { Catalogue } from '../../../redirector/contract/catalogues';

type MessageKey = keyof Catalogue['messages'];

const ENGLISH = import.meta.glob<Partial<Catalogue>>('../../../redirector/contract/locales/en.json', {
  query: '?part=messages',
  import: 'default',
});

let byEnglish: Map<string, MessageKey> | undefined;
let pending: Promise<void> | undefined;

/** Learns English's message texts, once. */
export function loadMessageKeys(): Promise<void> {
  pending ??= Promise.all(Object.values(ENGLISH).map((load) => load())).then(([part]) => {
    byEnglish = new Map(Object.entries(part?.messages ?? {}).map(([key, english]) => [english, key as MessageKey]));
  });
  return pending;
}

export function localiseMessage(text: string): string {
  const key = byEnglish?.get(text);
  return key ? i18next.t(`messages.${key}`) : text;
}
