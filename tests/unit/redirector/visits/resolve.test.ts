import { describe, expect, it } from 'vitest';
import type { LinkRecord } from '../../../../redirector/storage/records';
import { resolveLink } from '../../../../redirector/visits/resolve';
import { linkRecord } from '../../../helpers/records';

const link = linkRecord(7, { title: '', target_url: 'https://example.com/target', short_code: 'abc', created_at: 0 });
const everything: LinkRecord = {
  ...link,
  enable_tiktok_bypass: true,
  enable_country_redirect: true,
  country_redirect_url: 'https://example.com/geo',
  enable_instagram_exit: true,
  instagram_exit_url: 'https://example.com/exit',
};
const target = {
  kind: 'redirect',
  location: 'https://example.com/target',
  blocked: false,
  instagram_exit: false,
  variant: null,
  rule: null,
};
const geo = {
  kind: 'redirect',
  location: 'https://example.com/geo',
  blocked: true,
  instagram_exit: false,
  variant: null,
  rule: null,
};
const exit = {
  kind: 'redirect',
  location: 'https://example.com/exit',
  blocked: false,
  instagram_exit: true,
  variant: null,
  rule: null,
};
const bypass = { kind: 'tiktok-bypass', target: 'https://example.com/target', variant: null, rule: null };

describe('resolveLink', () => {
  it('sends everyone to the target when no option is on', () => {
    for (const visitor of [
      { country: 'IN', in_app: 'instagram' as const },
      { country: 'NG', in_app: 'tiktok' as const },
      { country: 'US', in_app: null },
    ]) {
      expect(resolveLink(link, visitor)).toEqual(target);
    }
  });

  it('rule 2: developing-country visitors go to the country address, first of all', () => {
    expect(resolveLink(everything, { country: 'IN', in_app: 'instagram' })).toEqual(geo);
    expect(resolveLink(everything, { country: 'NG', in_app: 'tiktok' })).toEqual(geo);
    expect(resolveLink(everything, { country: 'BR', in_app: null })).toEqual(geo);
  });

  it('rule 2 leaves high-income and unknown countries alone', () => {
    for (const country of ['US', 'DE', 'JP', 'XX', 'RU', 'BG']) {
      expect(
        resolveLink(
          { ...link, enable_country_redirect: true, country_redirect_url: 'https://x.test/' },
          {
            country,
            in_app: null,
          },
        ),
      ).toEqual(target);
    }
  });

  it('rule 3: Instagram visitors go to the exit address, before the TikTok bypass', () => {
    expect(resolveLink(everything, { country: 'US', in_app: 'instagram' })).toEqual(exit);
    expect(
      resolveLink({ ...everything, enable_instagram_exit: false }, { country: 'US', in_app: 'instagram' }),
    ).toEqual(target);
  });

  it('rule 4: TikTok visitors get the bypass page', () => {
    expect(resolveLink(everything, { country: 'US', in_app: 'tiktok' })).toEqual(bypass);
    expect(resolveLink({ ...everything, enable_tiktok_bypass: false }, { country: 'US', in_app: 'tiktok' })).toEqual(
      target,
    );
  });

  it('rule 5: everyone else goes to the target', () => {
    expect(resolveLink(everything, { country: 'US', in_app: null })).toEqual(target);
    expect(resolveLink(everything, { country: 'US', in_app: 'facebook' })).toEqual(target);
  });

  it('skips an option that is on without its address', () => {
    const broken = { ...link, enable_country_redirect: true, enable_instagram_exit: true, variant: null };
    expect(resolveLink(broken, { country: 'IN', in_app: 'instagram' })).toEqual(target);
  });

  it('step 5: a country target comes first of all, only for that country', () => {
    const targeted = { ...everything, geo_targets: { IN: 'https://example.in/', US: 'https://example.us/' } };
    expect(resolveLink(targeted, { country: 'IN', in_app: 'instagram' })).toEqual({
      ...target,
      location: 'https://example.in/',
    });
    expect(resolveLink(targeted, { country: 'US', in_app: 'tiktok' })).toEqual({
      ...target,
      location: 'https://example.us/',
    });
    expect(resolveLink(targeted, { country: 'NG', in_app: null })).toEqual(geo);
    expect(resolveLink(targeted, { country: 'DE', in_app: null })).toEqual(target);
    // Only the link's own entries: a country code never reaches Object's prototype.
    expect(resolveLink({ ...link, geo_targets: {} }, { country: 'constructor', in_app: null })).toEqual(target);
  });

  it('step 8: device destinations after the country redirect and the Instagram exit, shown by the TikTok page', () => {
    const devices = { ...everything, ios_url: 'https://apps.apple.com/x', android_url: 'https://play.google.com/x' };
    expect(resolveLink(devices, { country: 'US', in_app: null, device_type: 'ios' })).toEqual({
      ...target,
      location: 'https://apps.apple.com/x',
    });
    expect(resolveLink(devices, { country: 'US', in_app: 'tiktok', device_type: 'android' })).toEqual({
      kind: 'tiktok-bypass',
      target: 'https://play.google.com/x',
      variant: null,
      rule: null,
    });
    expect(resolveLink(devices, { country: 'US', in_app: null, device_type: 'web' })).toEqual(target);
    expect(resolveLink(devices, { country: 'BR', in_app: null, device_type: 'ios' })).toEqual(geo);
    expect(resolveLink(devices, { country: 'US', in_app: 'instagram', device_type: 'ios' })).toEqual(exit);
    expect(resolveLink({ ...devices, ios_url: null }, { country: 'US', in_app: null, device_type: 'ios' })).toEqual(
      target,
    );
  });

  it("names the rule that sent the visit, and gives every answer one set of fields in one order (V8's shape)", () => {
    const ruled = {
      ...everything,
      rules: [{ when: [{ type: 'country' as const, is: 'DE' }], url: 'https://example.com/de' }],
    };
    const visit = { now: 0, query: '' };
    const byRule = resolveLink(ruled, { country: 'DE', in_app: null }, visit);
    expect(byRule).toEqual({ ...target, location: 'https://example.com/de', rule: 0 });
    const byTarget = resolveLink(ruled, { country: 'US', in_app: null }, visit);
    expect(byTarget).toEqual(target);
    expect(Object.keys(byRule)).toEqual(Object.keys(byTarget));
    const bypassByRule = resolveLink(ruled, { country: 'DE', in_app: 'tiktok' }, visit);
    expect(bypassByRule).toEqual({ ...bypass, target: 'https://example.com/de', rule: 0 });
    expect(Object.keys(bypassByRule)).toEqual(
      Object.keys(resolveLink(ruled, { country: 'US', in_app: 'tiktok' }, visit)),
    );
  });
});
