import { describe, expect, it } from 'vitest';
import { clientKeyOf } from '../../../../redirector/auth/clientKey';
import { itReturns } from '../../../helpers/tables';

describe('clientKeyOf', () => {
  itReturns('keys the IPv4 address %s by itself, mapped or not', clientKeyOf, [
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:198.51.100.7', '198.51.100.7'],
  ]);

  itReturns('keys the IPv6 address %s by its /64 (%s), however it is written', clientKeyOf, [
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::abcd]', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:0:0:0:0', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1.2.3.4', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1%eth0', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
  ]);

  it('keeps anything else short', () => {
    expect(clientKeyOf('x'.repeat(10_000))).toHaveLength(64);
    expect(clientKeyOf('')).toBe('');
  });
});
