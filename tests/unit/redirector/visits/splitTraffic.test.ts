/**
 * Split traffic's choice (docs/api.md#split-traffic) through the pure resolution: shares follow the
 * weights within 3 points at 10,000 visitors, and a visitor always lands on the same variant.
 */
import { describe, expect, it } from 'vitest';
import { variantBucket } from '../../../../redirector/contract/linkConversion';
import { type ResolveVisitor, resolveLink } from '../../../../redirector/visits/resolve';
import { linkRecord } from '../../../helpers/records';

const VARIANTS = [
  { url: 'https://a.example/', weight: 50 },
  { url: 'https://b.example/', weight: 30 },
  { url: 'https://c.example/', weight: 20 },
];
const link = { ...linkRecord(41, { target_url: 'https://example.com/' }), variants: VARIANTS };

const web = (ip_address: string): ResolveVisitor => ({ country: 'US', in_app: null, device_type: 'web', ip_address });

/** 10,000 addresses: half one /16 counted up (neighbours), half scattered by a fixed generator. */
function visitors(): string[] {
  const list: string[] = [];
  for (let i = 0; i < 5000; i++) list.push(`10.1.${i >> 8}.${i & 255}`);
  let seed = 12345;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 24;
  };
  for (let i = 0; i < 5000; i++) list.push(`${next()}.${next()}.${next()}.${next()}`);
  return list;
}

describe('split traffic', () => {
  it('sends 10,000 visitors to the variants within 3 points of the weights, each always to the same one', () => {
    const counts = [0, 0, 0];
    for (const ip of visitors()) {
      const first = resolveLink(link, web(ip));
      expect(first.kind).toBe('redirect');
      const variant = first.variant!;
      counts[variant]! += 1;
      for (let again = 0; again < 3; again++) expect(resolveLink(link, web(ip)).variant).toBe(variant);
      expect(first.kind === 'redirect' && first.location).toBe(VARIANTS[variant]!.url);
    }
    counts.forEach((count, index) => {
      expect(Math.abs((count / 10_000) * 100 - VARIANTS[index]!.weight)).toBeLessThanOrEqual(3);
    });
  });

  it('keys an anonymised visitor by its identity, not the shown address', () => {
    const a = resolveLink(link, { ...web('10.0.0.0'), visitor: '10.0.0.0#aaaa' });
    const spread = new Set<number | null>();
    for (let i = 0; i < 50; i++)
      spread.add(resolveLink(link, { ...web('10.0.0.0'), visitor: `10.0.0.0#${i}` }).variant);
    expect(a.variant).not.toBeNull();
    expect(spread.size).toBeGreaterThan(1);
  });

  it('lets ios_url and android_url win for their devices, and leaves plain links without a variant', () => {
    const devices = { ...link, ios_url: 'https://apps.apple.com/x', android_url: null };
    const ios = resolveLink(devices, { ...web('1.2.3.4'), device_type: 'ios' });
    expect(ios).toMatchObject({ location: 'https://apps.apple.com/x', variant: null });
    expect(resolveLink(devices, { ...web('1.2.3.4'), device_type: 'android' }).variant).not.toBeNull();
    expect(resolveLink({ ...link, variants: [] }, web('1.2.3.4'))).toMatchObject({ variant: null });
  });

  it('gives different links independent splits', () => {
    const same = visitors()
      .slice(0, 1000)
      .filter((ip) => variantBucket(1, ip) === variantBucket(2, ip)).length;
    expect(same).toBeLessThan(100);
  });
});
