import { describe, expect, it } from 'vitest';
import { makeRuleLinks } from '../../../../scripts/bench/ruleLinks';
import { makeLinks } from '../../../../scripts/bench/traffic';

describe('makeRuleLinks', () => {
  it('gives each plain link a twin with 20 rules: the same options, a code of its own', () => {
    const plain = makeLinks(2000);
    const ruled = makeRuleLinks(plain);
    expect(ruled).toHaveLength(2000);
    for (const [index, link] of ruled.entries()) {
      const { short_code, rules, ...options } = link;
      const { short_code: plainCode, ...plainOptions } = plain[index]!;
      expect(options).toEqual(plainOptions);
      expect(short_code).not.toBe(plainCode);
      expect(rules).toHaveLength(20);
    }
    const codes = new Set([...plain, ...ruled].map((link) => link.short_code));
    expect(codes.size).toBe(4000);
    expect(makeRuleLinks(plain)).toEqual(ruled);
  });
});
