/**
 * The matching of redirect rules through their compiled form (docs/api.md#redirect-rules), pure:
 * each condition holds and fails where it should (addresses of both families), a query is read as
 * URLSearchParams reads it with or without escapes, a visit without a query skips only the rules
 * that ask for one, and no visit's facts reach the next.
 */
import { describe, expect, it } from 'vitest';
import { checkLinkRules, type LinkRule } from '../../../../redirector/contract/linkRules';
import {
  matchingRule,
  primaryLanguage,
  type RuleVisit,
  type RuleVisitor,
} from '../../../../redirector/contract/ruleMatch';

type Facts = RuleVisit & RuleVisitor;

const FACTS: Facts = {
  now: Date.parse('2026-06-01T12:00:00Z'),
  country: 'DE',
  device_type: 'web',
  address: '203.0.113.9',
  query: 'src=mail&vip',
  acceptLanguage: 'es-MX,en;q=0.8',
};

function rules(value: unknown): LinkRule[] {
  const checked = checkLinkRules(value);
  if (!checked.ok) throw new Error(checked.error);
  return checked.rules;
}

const match = (list: LinkRule[], facts: Partial<Facts> = {}) => {
  const all = { ...FACTS, ...facts };
  return matchingRule(list, all, all);
};

/** Where a single-condition rule sends the visit: 0 when it holds, -1 when not. */
const holds = (condition: unknown, facts: Partial<Facts> = {}) =>
  match(rules([{ when: [condition], url: 'https://rule.example/' }]), facts);

describe('redirect rules', () => {
  it('holds each condition where it should and nowhere else', () => {
    expect(holds({ type: 'language', is: 'ES' })).toBe(0);
    expect(holds({ type: 'language', is: 'es' }, { acceptLanguage: 'en, es' })).toBe(-1);
    expect(holds({ type: 'language', is: 'es' }, { acceptLanguage: undefined })).toBe(-1);
    expect(holds({ type: 'language', is: 'es' }, { acceptLanguage: ' ES ;q=1' })).toBe(0);
    expect(holds({ type: 'country', is: 'de' })).toBe(0);
    expect(holds({ type: 'country', is: 'FR' })).toBe(-1);
    expect(holds({ type: 'device', is: 'desktop' })).toBe(0);
    expect(holds({ type: 'device', is: 'desktop' }, { device_type: undefined })).toBe(0);
    expect(holds({ type: 'device', is: 'mobile' })).toBe(-1);
    expect(holds({ type: 'device', is: 'mobile' }, { device_type: 'android' })).toBe(0);
    expect(holds({ type: 'device', is: 'ios' }, { device_type: 'ios' })).toBe(0);
    expect(holds({ type: 'device', is: 'ios' }, { device_type: 'android' })).toBe(-1);
    expect(holds({ type: 'time', after: '2026-06-01T12:00:00Z' })).toBe(0);
    expect(holds({ type: 'time', after: '2026-06-01T12:00:00.001Z' })).toBe(-1);
    expect(holds({ type: 'time', before: '2026-06-01T12:00:00Z' })).toBe(-1);
    expect(holds({ type: 'time', before: '2026-06-01T12:00:00.001Z' })).toBe(0);
  });

  it('matches CIDRs on any prefix length, never across families, the full address first', () => {
    expect(holds({ type: 'ip', cidr: '203.0.113.0/24' })).toBe(0);
    expect(holds({ type: 'ip', cidr: '203.0.113.8/29' })).toBe(0);
    expect(holds({ type: 'ip', cidr: '203.0.113.0/29' })).toBe(-1);
    expect(holds({ type: 'ip', cidr: '0.0.0.0/0' })).toBe(0);
    expect(holds({ type: 'ip', cidr: '::/0' })).toBe(-1);
    const v6 = { address: '2001:db8:abcd:12::1' };
    expect(holds({ type: 'ip', cidr: '2001:db8:abcd::/48' }, v6)).toBe(0);
    expect(holds({ type: 'ip', cidr: '2001:db8:abc0::/44' }, v6)).toBe(0);
    expect(holds({ type: 'ip', cidr: '2001:db8:abce::/47' }, v6)).toBe(-1);
    expect(holds({ type: 'ip', cidr: '2001:db8:abcd:12::1' }, v6)).toBe(0);
    expect(holds({ type: 'ip', cidr: '::/0' }, v6)).toBe(0);
    expect(holds({ type: 'ip', cidr: '0.0.0.0/0' }, v6)).toBe(-1);
    // Without the full address, the stored one; without either, no block holds.
    const stored = { address: undefined, ip_address: '198.51.100.7' };
    expect(holds({ type: 'ip', cidr: '198.51.100.0/24' }, stored)).toBe(0);
    expect(holds({ type: 'ip', cidr: '203.0.113.0/24' }, { address: '203.0.113.9', ip_address: '198.51.100.7' })).toBe(
      0,
    );
    expect(holds({ type: 'ip', cidr: '0.0.0.0/0' }, { address: undefined })).toBe(-1);
  });

  it('reads a query as URLSearchParams does, with and without escapes', () => {
    const cases: [string, string, string | undefined][] = [
      ['vip', 'vip', undefined],
      ['src=mail&vip', 'src', 'mail'],
      ['src=mail&vip', 'src', 'web'],
      ['src=mail&vip', 'vip', ''],
      ['vip=', 'vip', ''],
      ['vipx=1', 'vip', undefined],
      ['xvip=1', 'vip', undefined],
      ['a=vip', 'vip', undefined],
      ['src=mail=x', 'src', 'mail=x'],
      ['src=mail=x', 'src', 'mail'],
      ['src=a&src=b', 'src', 'b'],
      ['&&src=b&', 'src', 'b'],
      ['?src=b', 'src', 'b'],
      ['??src=b', 'src', 'b'],
      ['a=1', 'a=1', undefined],
      ['a=1&b', 'a&b', undefined],
      ['c%61mpaign=a+b', 'campaign', 'a b'],
      ['campaign=a+b', 'campaign', 'a+b'],
      ['x=%20', 'campaign', undefined],
      ['a%3D1=2', 'a=1', '2'],
      ['a=%26', 'a', '&'],
      ['n%C3%A4me=v', 'näme', 'v'],
      ['näme=v', 'näme', 'v'],
      ['bad=%E0', 'bad', '\ufffd'],
    ];
    for (const [query, name, value] of cases) {
      const params = new URLSearchParams(query);
      const expected = value === undefined ? params.has(name) : params.getAll(name).includes(value);
      const condition = value === undefined ? { type: 'query', name } : { type: 'query', name, value };
      expect(holds(condition, { query }) === 0, `${query} ${name}=${value}`).toBe(expected);
    }
    expect(holds({ type: 'query', name: 'vip' }, { query: '' })).toBe(-1);
    expect(holds({ type: 'query', name: 'campaign', value: 'a b' }, { query: 'c%61mpaign=a+b' })).toBe(0);
  });

  it('takes the first rule whose conditions all hold, whatever the order of its conditions', () => {
    const list = rules([
      {
        when: [
          { type: 'query', name: 'src' },
          { type: 'country', is: 'DE' },
          { type: 'device', is: 'ios' },
        ],
        url: 'https://one.example/',
      },
      { when: [{ type: 'country', is: 'DE' }], url: 'https://two.example/' },
      { when: [{ type: 'country', is: 'DE' }], url: 'https://three.example/' },
    ]);
    expect(match(list)).toBe(1);
    expect(match(list, { device_type: 'ios' })).toBe(0);
    expect(match(list, { device_type: 'ios', query: 'other=1' })).toBe(1);
    expect(match(list, { country: 'FR' })).toBe(-1);
  });

  it('skips only the rules asking for a query on a visit without one, keeping their indexes', () => {
    const list = rules([
      { when: [{ type: 'query', name: 'a' }], url: 'https://one.example/' },
      { when: [{ type: 'country', is: 'FR' }], url: 'https://two.example/' },
      {
        when: [
          { type: 'query', name: 'b', value: '' },
          { type: 'time', after: '2000-01-01T00:00:00Z' },
        ],
        url: 'https://three.example/',
      },
      { when: [{ type: 'ip', cidr: '203.0.113.0/24' }], url: 'https://four.example/' },
    ]);
    expect(match(list, { query: '' })).toBe(3);
    expect(match(list, { query: 'b' })).toBe(2);
    expect(match(list, { query: 'a' })).toBe(0);
    expect(match(list, { query: '', country: 'FR' })).toBe(1);
    expect(match(list, { query: '', address: '198.51.100.1' })).toBe(-1);
    expect(match([], { query: '' })).toBe(-1);
  });

  it('reads each visit afresh: no address, language or query of one visit reaches the next', () => {
    const list = rules([
      { when: [{ type: 'ip', cidr: '2001:db8::/32' }], url: 'https://v6.example/' },
      { when: [{ type: 'ip', cidr: '203.0.113.0/24' }], url: 'https://v4.example/' },
      { when: [{ type: 'language', is: 'fr' }], url: 'https://fr.example/' },
      { when: [{ type: 'query', name: 'x', value: 'a b' }], url: 'https://escaped.example/' },
    ]);
    const none = { address: '198.51.100.1', acceptLanguage: 'en', query: 'y=1' };
    expect(match(list, { address: '2001:db8::1' })).toBe(0);
    expect(match(list, { address: '203.0.113.1' })).toBe(1);
    expect(match(list, none)).toBe(-1);
    expect(match(list, { ...none, acceptLanguage: 'fr-CA' })).toBe(2);
    expect(match(list, none)).toBe(-1);
    expect(match(list, { ...none, query: 'x=a+b' })).toBe(3);
    expect(match(list, { ...none, query: 'x=a%20c' })).toBe(-1);
    expect(match(list, none)).toBe(-1);
  });

  it('reads the primary subtag of the first language tag', () => {
    expect(primaryLanguage('pt-BR;q=0.9, en')).toBe('pt');
    expect(primaryLanguage('EN;q=0.5,pt')).toBe('en');
    expect(primaryLanguage(' de ')).toBe('de');
    expect(primaryLanguage('*')).toBe('');
    expect(primaryLanguage('')).toBe('');
    expect(primaryLanguage(undefined)).toBe('');
  });
});
