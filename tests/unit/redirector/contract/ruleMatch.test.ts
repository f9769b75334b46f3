/** The matching of redirect rules (docs/api.md#redirect-rules), pure: each condition, addresses of both families. */
import { describe, expect, it } from 'vitest';
import { addressBytes, checkLinkRules, parseCidr } from '../../../../redirector/contract/linkRules';
import { matchingRule, primaryLanguage, type RuleFacts } from '../../../../redirector/contract/ruleMatch';

const FACTS: RuleFacts = {
  now: Date.parse('2026-06-01T12:00:00Z'),
  country: 'DE',
  device_type: 'web',
  address: '203.0.113.9',
  query: 'src=mail&vip',
  acceptLanguage: 'es-MX,en;q=0.8',
};

/** Where a single-condition rule sends the visit: 0 when it holds, -1 when not. */
function holds(condition: unknown, facts: Partial<RuleFacts> = {}): number {
  const checked = checkLinkRules([{ when: [condition], url: 'https://rule.example/' }]);
  if (!checked.ok) throw new Error(checked.error);
  return matchingRule(checked.rules, { ...FACTS, ...facts });
}

describe('redirect rules', () => {
  it('reads addresses of both families, compressed IPv6 and embedded IPv4 included', () => {
    expect(addressBytes('10.0.0.1')).toEqual([10, 0, 0, 1]);
    expect(addressBytes('::1')).toEqual([...new Array(15).fill(0), 1]);
    expect(addressBytes('::ffff:1.2.3.4')?.slice(10)).toEqual([255, 255, 1, 2, 3, 4]);
    expect(addressBytes('fe80::1%eth0')?.[0]).toBe(0xfe);
    for (const bad of ['1.2.3', '1.2.3.256', '1::2::3', '1:2:3:4:5:6:7:8:9', 'g::1', '']) {
      expect(addressBytes(bad), bad).toBeUndefined();
    }
    expect(parseCidr('2001:db8::/129')).toBeUndefined();
    expect(parseCidr('10.0.0.0/33')).toBeUndefined();
    expect(parseCidr('10.0.0.7')).toEqual({ bytes: [10, 0, 0, 7], prefix: 32 });
  });

  it('holds each condition where it should and nowhere else', () => {
    expect(holds({ type: 'language', is: 'ES' })).toBe(0);
    expect(holds({ type: 'language', is: 'es' }, { acceptLanguage: 'en, es' })).toBe(-1);
    expect(holds({ type: 'language', is: 'es' }, { acceptLanguage: undefined })).toBe(-1);
    expect(holds({ type: 'query', name: 'vip' })).toBe(0);
    expect(holds({ type: 'query', name: 'src', value: 'mail' })).toBe(0);
    expect(holds({ type: 'query', name: 'src', value: 'web' })).toBe(-1);
    // Escaped names and values are read decoded.
    expect(holds({ type: 'query', name: 'campaign', value: 'a b' }, { query: 'c%61mpaign=a+b' })).toBe(0);
    expect(holds({ type: 'query', name: 'campaign' }, { query: 'x=%20' })).toBe(-1);
    expect(holds({ type: 'country', is: 'de' })).toBe(0);
    expect(holds({ type: 'country', is: 'FR' })).toBe(-1);
    expect(holds({ type: 'device', is: 'desktop' })).toBe(0);
    expect(holds({ type: 'device', is: 'mobile' })).toBe(-1);
    expect(holds({ type: 'device', is: 'mobile' }, { device_type: 'android' })).toBe(0);
    expect(holds({ type: 'time', after: '2026-06-01T12:00:00Z' })).toBe(0);
    expect(holds({ type: 'time', before: '2026-06-01T12:00:00Z' })).toBe(-1);
  });

  it('matches CIDRs on any prefix length, never across families', () => {
    expect(holds({ type: 'ip', cidr: '203.0.113.0/24' })).toBe(0);
    expect(holds({ type: 'ip', cidr: '203.0.113.8/29' })).toBe(0);
    expect(holds({ type: 'ip', cidr: '203.0.113.0/29' })).toBe(-1);
    expect(holds({ type: 'ip', cidr: '0.0.0.0/0' })).toBe(0);
    expect(holds({ type: 'ip', cidr: '::/0' })).toBe(-1);
    const v6 = { address: '2001:db8:abcd:12::1' };
    expect(holds({ type: 'ip', cidr: '2001:db8:abcd::/48' }, v6)).toBe(0);
    expect(holds({ type: 'ip', cidr: '2001:db8:abc0::/44' }, v6)).toBe(0);
    expect(holds({ type: 'ip', cidr: '2001:db8:abce::/47' }, v6)).toBe(-1);
    expect(holds({ type: 'ip', cidr: '0.0.0.0/0' }, v6)).toBe(-1);
  });

  it('takes the first rule whose conditions all hold', () => {
    const checked = checkLinkRules([
      {
        when: [
          { type: 'country', is: 'DE' },
          { type: 'device', is: 'ios' },
        ],
        url: 'https://one.example/',
      },
      { when: [{ type: 'country', is: 'DE' }], url: 'https://two.example/' },
      { when: [{ type: 'country', is: 'DE' }], url: 'https://three.example/' },
    ]);
    expect(checked.ok && matchingRule(checked.rules, FACTS)).toBe(1);
    expect(checked.ok && matchingRule(checked.rules, { ...FACTS, device_type: 'ios' })).toBe(0);
  });

  it('reads the primary subtag of the first language tag', () => {
    expect(primaryLanguage('pt-BR;q=0.9, en')).toBe('pt');
    expect(primaryLanguage('*')).toBe('');
    expect(primaryLanguage(undefined)).toBe('');
  });
});
