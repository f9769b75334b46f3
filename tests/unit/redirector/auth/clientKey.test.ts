import { describe, expect, it } from 'vitest';
import { clientKeyOf } from '../../../../redirector/auth/clientKey';

describe('clientKeyOf', () => {
  it('keys an IPv4 address by itself, mapped or not', () => {
    expect(clientKeyOf('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKeyOf('::FFFF:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::abcd]',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientKeyOf(address), address).toBe(key);
    }
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('keeps anything else short', () => {
    expect(clientKeyOf('x'.repeat(10_000))).toHaveLength(64);
    expect(clientKeyOf('')).toBe('');
  });
});
