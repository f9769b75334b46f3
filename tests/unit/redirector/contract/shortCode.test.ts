import { describe, expect, it } from 'vitest';
import {
  isReservedShortCode,
  RESERVED_SHORT_CODES,
  randomShortCode,
  shortCodeProblem,
} from '../../../../redirector/contract/shortCode';
import { itReturns } from '../../../helpers/tables';

describe('shortCodeProblem', () => {
  itReturns('accepts %j (1 to 64 letters, digits, hyphens and underscores, keeping case)', shortCodeProblem, [
    ['a', undefined],
    ['Z', undefined],
    ['0', undefined],
    ['my-link', undefined],
    ['My_Link-2', undefined],
    ['x'.repeat(64), undefined],
    ['API2', undefined],
    ['apis', undefined],
  ]);

  it('refuses empty, too long and other characters', () => {
    expect(shortCodeProblem('')).toBe('Short code is required');
    expect(shortCodeProblem('x'.repeat(65))).toBe('Short code must be at most 64 characters');
    for (const shortCode of ['a b', 'a/b', 'a.b', 'ä', 'a?b', '%41', 'a\nb', '../x']) {
      expect(shortCodeProblem(shortCode), shortCode).toBe(
        'Short code may only contain letters, digits, hyphens (-) and underscores (_)',
      );
    }
  });

  it('refuses every reserved word, in any case', () => {
    for (const word of ['api', 'API', 'Admin', 'login', 'REGISTER', 'dashboard', 'Test-Storage', 'assets', 'static']) {
      expect(shortCodeProblem(word), word).toBe(`"${word}" is reserved and can't be used as a short code`);
    }
    for (const word of ['healthz', 'Metrics']) expect(isReservedShortCode(word)).toBe(true);
    // These two hold a dot, so the character rule already refuses them; still reserved.
    expect(isReservedShortCode('FAVICON.ICO')).toBe(true);
    expect(isReservedShortCode('robots.txt')).toBe(true);
    expect(RESERVED_SHORT_CODES).toHaveLength(12);
  });
});

describe('randomShortCode', () => {
  it('gives 6 letters and digits, never a reserved word, and varies', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const shortCode = randomShortCode();
      expect(shortCode).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(isReservedShortCode(shortCode)).toBe(false);
      codes.add(shortCode);
    }
    expect(codes.size).toBeGreaterThan(1990);
  });

  it('gives the length asked for', () => {
    expect(randomShortCode(3)).toMatch(/^[A-Za-z0-9]{3}$/);
  });
});
