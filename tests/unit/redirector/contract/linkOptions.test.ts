import { describe, expect, it } from 'vitest';
import {
  isValidLinkPassword,
  LINK_PASSWORD_LENGTH,
  linkPasswordProblem,
} from '../../../../redirector/contract/linkOptions';

const EMOJI = '\u{1F511}'; // 🔑: one code point, two UTF-16 units, four UTF-8 bytes

describe('link password length', () => {
  it('takes 4 to 128 code points, the same rule when setting and when checking', () => {
    expect(isValidLinkPassword(EMOJI.repeat(3))).toBe(false);
    expect(isValidLinkPassword(EMOJI.repeat(4))).toBe(true);
    expect(isValidLinkPassword(EMOJI.repeat(65))).toBe(true);
    expect(isValidLinkPassword(EMOJI.repeat(128))).toBe(true);
    expect(isValidLinkPassword(EMOJI.repeat(129))).toBe(false);
    expect(isValidLinkPassword(`${'x'.repeat(127)}${EMOJI}`)).toBe(true);
    expect(isValidLinkPassword('abc')).toBe(false);
    expect(linkPasswordProblem(EMOJI.repeat(100))).toBeUndefined();
    expect(linkPasswordProblem(EMOJI.repeat(129))).toBe(LINK_PASSWORD_LENGTH);
  });
});
