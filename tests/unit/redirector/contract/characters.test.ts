import { describe, expect, it } from 'vitest';
import { characterCount, cutToCharacters, withinCharacters } from '../../../../redirector/contract/characters';

const EMOJI = '\u{1F511}'; // 🔑: one code point, two UTF-16 units, four UTF-8 bytes

describe('characters', () => {
  it('counts Unicode code points, not UTF-16 units or bytes', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('open sesame')).toBe(11);
    expect(characterCount(EMOJI)).toBe(1);
    expect(characterCount(EMOJI.repeat(100))).toBe(100);
    expect(characterCount('e\u0301')).toBe(2); // a combining accent is a code point of its own
  });

  it('holds a text within a limit by that count', () => {
    expect(withinCharacters(EMOJI.repeat(200), 200)).toBe(true);
    expect(withinCharacters(EMOJI.repeat(201), 200)).toBe(false);
    expect(withinCharacters('a'.repeat(200), 200)).toBe(true);
    expect(withinCharacters('a'.repeat(201), 200)).toBe(false);
  });

  it('cuts a text to its first characters, never inside a surrogate pair', () => {
    expect(cutToCharacters(`a${EMOJI.repeat(3)}`, 2)).toBe(`a${EMOJI}`);
    expect(cutToCharacters(EMOJI.repeat(250), 200)).toBe(EMOJI.repeat(200));
    expect(cutToCharacters('short', 200)).toBe('short');
    expect(cutToCharacters('abcdef', 3)).toBe('abc');
  });
});
