/**
 * Which catalogue message a server text is (docs/api.md#languages): an English text the same as
 * the server's, else one whose `{{name}}` parts stand for any text there ("Tag "{{tag}}" must be
 * 1-{{max}} characters…" is `Tag "Bad!" must be 1-32 characters…`), with those parts' values for
 * the translation. Pure: the texts in, a function out; the patterns are built once.
 */

export interface MessageMatch<Key extends string> {
  key: Key;
  /** Each `{{name}}`'s text in the server's message. */
  values: Record<string, string>;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Template<Key extends string> {
  key: Key;
  pattern: RegExp;
  names: string[];
  /** The characters that are not placeholders: the more, the more specific. */
  literal: number;
}

function templateOf<Key extends string>(key: Key, english: string): Template<Key> | undefined {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const found of english.matchAll(PLACEHOLDER)) {
    const name = found[1]!;
    source += escapeRegExp(english.slice(last, found.index));
    const earlier = names.indexOf(name);
    // The same name twice stands for the same text twice.
    source += earlier === -1 ? '([\\s\\S]+?)' : `\\${earlier + 1}`;
    if (earlier === -1) names.push(name);
    last = found.index + found[0].length;
  }
  if (names.length === 0) return undefined;
  source += escapeRegExp(english.slice(last));
  return { key, pattern: new RegExp(`^${source}$`), names, literal: english.replace(PLACEHOLDER, '').length };
}

/** A matcher over `english` (key → English text): exact texts first, then templates, most specific first. */
export function messageMatcher<Key extends string>(
  english: Readonly<Record<Key, string>>,
): (text: string) => MessageMatch<Key> | undefined {
  const entries = Object.entries(english) as [Key, string][];
  const exact = new Map(entries.map(([key, text]) => [text, key]));
  const templates = entries
    .map(([key, text]) => templateOf(key, text))
    .filter((template): template is Template<Key> => template !== undefined)
    .sort((a, b) => b.literal - a.literal);
  return (text) => {
    const key = exact.get(text);
    if (key !== undefined) return { key, values: {} };
    for (const template of templates) {
      const found = template.pattern.exec(text);
      if (found) {
        return {
          key: template.key,
          values: Object.fromEntries(template.names.map((name, i) => [name, found[i + 1]!])),
        };
      }
    }
    return undefined;
  };
}
