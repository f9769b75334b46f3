import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../redirector/config';
import {
  anonymizingAddressKeeper,
  keepFullAddress,
  shownAddressOf,
  truncateAddress,
} from '../../../../redirector/privacy/addresses';

describe('truncateAddress', () => {
  it.each([
    ['203.0.113.45', '203.0.113.0'],
    ['10.0.0.255', '10.0.0.0'],
    ['::ffff:198.51.100.7', '198.51.100.0'],
    ['2001:db8:abcd:1234:5678:9abc:def0:1111', '2001:db8:abcd::'],
    ['2001:0DB8:00ab:ffff::1', '2001:db8:ab::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
    ['not an address', ''],
    ['', ''],
  ] as const)('%s → %s', (full, stored) => {
    expect(truncateAddress(full)).toBe(stored);
  });
});

describe('address keepers', () => {
  const secret = crypto.randomBytes(32);
  const keep = anonymizingAddressKeeper(secret);

  it('keep the full address as the visitor when off', () => {
    expect(keepFullAddress('203.0.113.45')).toEqual({ ip_address: '203.0.113.45', visitor: null });
  });

  it('tell apart addresses that truncate alike, and name one address the same way every time', () => {
    const a = keep('203.0.113.45');
    const b = keep('203.0.113.46');
    expect(a.ip_address).toBe('203.0.113.0');
    expect(b.ip_address).toBe('203.0.113.0');
    expect(a.visitor).not.toBe(b.visitor);
    expect(keep('203.0.113.45')).toEqual(a);
    // The full address is nowhere in the name: its shown part is truncated, and the rest is a keyed
    // hash, which may hold the characters "45" by chance (1 run in about 200), so that is not asked.
    expect(a.visitor).not.toContain('203.0.113.45');
    expect(a.visitor!.split('#')[0]).toBe('203.0.113.0');
    expect(shownAddressOf(a.visitor!)).toBe('203.0.113.0');
    expect(shownAddressOf('2001:db8::1')).toBe('2001:db8::1');
  });

  it('depend on the secret', () => {
    expect(anonymizingAddressKeeper(crypto.randomBytes(32))('203.0.113.45').visitor).not.toBe(
      keep('203.0.113.45').visitor,
    );
  });
});

describe('ANONYMIZE_IPS and CLICK_RETENTION_DAYS', () => {
  it('read 1/0 and a whole number of days', () => {
    expect(loadConfig({}).anonymizeIps).toBe(false);
    expect(loadConfig({}).clickRetentionDays).toBeUndefined();
    expect(loadConfig({ ANONYMIZE_IPS: '1', CLICK_RETENTION_DAYS: '90' })).toMatchObject({
      anonymizeIps: true,
      clickRetentionDays: 90,
    });
  });

  it.each([
    [{ ANONYMIZE_IPS: 'yes' }, 'ANONYMIZE_IPS must be 1 or 0 (got "yes")'],
    [{ CLICK_RETENTION_DAYS: '0' }, 'CLICK_RETENTION_DAYS must be a whole number of days from 1 to 36500 (got "0")'],
    [
      { CLICK_RETENTION_DAYS: '1.5' },
      'CLICK_RETENTION_DAYS must be a whole number of days from 1 to 36500 (got "1.5")',
    ],
    [
      { CLICK_RETENTION_DAYS: '30d' },
      'CLICK_RETENTION_DAYS must be a whole number of days from 1 to 36500 (got "30d")',
    ],
  ])('refuses %o with one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
