import { describe, expect, it } from 'vitest';
import {
  MAX_TAGS,
  normaliseTags,
  splitTagText,
  TAGS_MUST_BE_LIST,
  TOO_MANY_TAGS,
} from '../../../../redirector/contract/tags';
import { itReturns } from '../../../helpers/tables';

describe('normaliseTags', () => {
  itReturns('trims, lower-cases and drops duplicates, keeping the first order: %j', normaliseTags, [
    [[' Sale ', 'sale', 'Q4_2025', 'new-in'], { ok: true, tags: ['sale', 'q4_2025', 'new-in'] }],
    [[], { ok: true, tags: [] }],
  ]);

  it('names the bad tag', () => {
    expect(normaliseTags(['ok', 'not ok'])).toEqual({
      ok: false,
      error: 'Tag "not ok" must be 1-32 characters of a-z, 0-9, - and _',
    });
    expect(normaliseTags(['x'.repeat(33)])).toMatchObject({
      ok: false,
      error: expect.stringContaining('x'.repeat(33)),
    });
    expect(normaliseTags(['ok', 'äpfel'])).toMatchObject({ ok: false, error: expect.stringContaining('"äpfel"') });
    expect(normaliseTags(['  '])).toEqual({ ok: false, error: 'Tags cannot be empty' });
    expect(normaliseTags(['x'.repeat(32)])).toEqual({ ok: true, tags: ['x'.repeat(32)] });
  });

  it('allows at most 10 distinct tags', () => {
    const ten = Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`);
    expect(normaliseTags([...ten, 'T0'])).toEqual({ ok: true, tags: ten });
    expect(normaliseTags([...ten, 'eleven'])).toEqual({ ok: false, error: TOO_MANY_TAGS });
  });

  it('refuses anything but a list of text', () => {
    for (const input of ['sale', null, 3, { 0: 'a' }, ['a', 1]]) {
      expect(normaliseTags(input)).toEqual({ ok: false, error: TAGS_MUST_BE_LIST });
    }
  });
});

describe('splitTagText', () => {
  it('splits on commas and spaces', () => {
    expect(splitTagText(' sale, new  q4,,')).toEqual(['sale', 'new', 'q4']);
    expect(splitTagText('')).toEqual([]);
  });
});
