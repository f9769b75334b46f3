import { describe, expect, it } from 'vitest';
import { cataloguePart, partOfQuery, START_NAMESPACES } from '../../../../redirector/contract/catalogueParts';
import { CATALOGUES } from '../../../../redirector/contract/catalogues';

describe('catalogue parts', () => {
  const english = CATALOGUES.en as unknown as Record<string, unknown>;

  it('names only namespaces English has as the first part', () => {
    // A namespace renamed in the catalogue but not here would silently leave the landing page's words out.
    expect(START_NAMESPACES.filter((ns) => !(ns in english))).toEqual([]);
  });

  it('cuts every language into a start and a rest that hold each namespace once', () => {
    for (const [code, catalogue] of Object.entries(CATALOGUES)) {
      const whole = catalogue as unknown as Record<string, unknown>;
      const start = cataloguePart(whole, 'start');
      const rest = cataloguePart(whole, 'rest');
      expect(Object.keys(start).sort(), code).toEqual([...START_NAMESPACES].sort());
      expect(
        Object.keys(start).filter((ns) => ns in rest),
        code,
      ).toEqual([]);
      expect({ ...start, ...rest }, code).toEqual(whole);
    }
  });

  it('gives one namespace by its name, and refuses a part that does not exist', () => {
    expect(cataloguePart(english, 'messages')).toEqual({ messages: english.messages });
    expect(() => cataloguePart(english, 'nonsense')).toThrow('no catalogue part "nonsense"');
  });

  it('reads the part from an import query', () => {
    expect(partOfQuery('/x/locales/en.json?part=start')).toBe('start');
    expect(partOfQuery('/x/locales/en.json?import&part=rest')).toBe('rest');
    expect(partOfQuery('/x/locales/en.json')).toBeUndefined();
    expect(partOfQuery('/x/locales/en.json?raw')).toBeUndefined();
  });
});
