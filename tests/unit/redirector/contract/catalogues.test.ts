import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES } from '../../../../redirector/contract/catalogues';

type Tree = { [key: string]: string | Tree };

/** 'a.b.c' → text, for every leaf. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('language catalogues', () => {
  const english = leaves(CATALOGUES.en as unknown as Tree);

  it('finds English first and Spanish among the files of locales/', () => {
    expect(LANGUAGES[0]).toBe('en');
    expect(LANGUAGES).toContain('es');
  });

  for (const code of Object.keys(CATALOGUES).filter((c) => c !== 'en')) {
    it(`${code} has exactly the English keys, each translated with the same variables`, () => {
      const other = leaves(CATALOGUES[code] as unknown as Tree);
      const missing = [...english.keys()].filter((key) => !other.has(key));
      const extra = [...other.keys()].filter(
        (key) => !english.has(key) && !/_(zero|one|two|few|many|other)$/.test(key),
      );
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key, text] of english) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), key).not.toBe('');
        // A translation may leave out {{count}} ('un clic'), never another variable, and adds none.
        const used = variables(translated);
        expect(
          used.filter((v) => !variables(text).includes(v)),
          key,
        ).toEqual([]);
        expect(
          variables(text).filter((v) => v !== 'count' && !used.includes(v)),
          key,
        ).toEqual([]);
      }
    });
  }

  it('every language names itself', () => {
    for (const code of LANGUAGES) expect(CATALOGUES[code]?.language.name).toBeTruthy();
  });
});
