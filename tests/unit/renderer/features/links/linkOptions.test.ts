import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  changedFields,
  emptyLinkForm,
  type LinkFormValues,
  linkFormFromLink,
  linkInputFromForm,
  validateLinkForm,
} from '../../../../../renderer/src/features/links/linkForm';
import { userLinkFormTexts } from '../../../../../renderer/src/features/links/linkFormTexts';
import {
  emptyLinkOptions,
  type GeoTargetRow,
  isoToLocalInput,
  localInputToIso,
} from '../../../../../renderer/src/features/links/linkOptions';
import { apiLink, NO_OPTIONS_INPUT } from '../../../../helpers/linkFixtures';

// The expiry is typed in the browser's zone: run in one that is neither UTC nor a whole day off;
// the files after this one in the same worker get the zone back (vitest.config.mts: isolate: false).
vi.stubEnv('TZ', 'America/New_York');
afterAll(() => {
  vi.unstubAllEnvs();
});

const base = { ...emptyLinkForm(), short_code: 'camp1', target_url: 'https://shop.example/' };
const check = (changes: Partial<LinkFormValues>) =>
  validateLinkForm({ ...base, ...changes }, false, userLinkFormTexts());
const rows = (...pairs: [string, string][]): GeoTargetRow[] => pairs.map(([country, url]) => ({ country, url }));

const everyOption: Partial<LinkFormValues> = {
  forward_query: false,
  expires_at: '2026-12-31T23:30',
  max_clicks: ' 25 ',
  expired_url: ' https://shop.example/over ',
  password_mode: 'set',
  password: 'open sesame',
  ios_url: 'https://apps.apple.com/app/id1',
  android_url: 'https://play.google.com/store/apps/details?id=x',
  geo_targets: rows(['US', 'https://shop.example/us'], ['', ''], ['DE', ' https://shop.example/de ']),
};

describe('link options in the form', () => {
  it('start with query forwarding on and nothing else set', () => {
    expect(emptyLinkForm()).toMatchObject(emptyLinkOptions());
    expect(emptyLinkOptions().forward_query).toBe(true);
    expect(linkInputFromForm(base)).toMatchObject(NO_OPTIONS_INPUT);
    expect(linkInputFromForm(base)).not.toHaveProperty('password');
  });

  it('send every option: the local expiry as UTC, the limit as a number, countries A to Z', () => {
    expect(check(everyOption)).toEqual({});
    const input = linkInputFromForm({ ...base, ...everyOption });
    expect(input).toMatchObject({
      forward_query: false,
      expires_at: '2027-01-01T04:30:00.000Z',
      max_clicks: 25,
      expired_url: 'https://shop.example/over',
      password: 'open sesame',
      ios_url: 'https://apps.apple.com/app/id1',
      android_url: 'https://play.google.com/store/apps/details?id=x',
    });
    expect(Object.entries(input.geo_targets ?? {})).toEqual([
      ['DE', 'https://shop.example/de'],
      ['US', 'https://shop.example/us'],
    ]);
  });

  it('read a link back in local time, without ever filling the password', () => {
    const link = apiLink({
      forward_query: false,
      expires_at: '2027-01-01T04:30:45.000Z',
      max_clicks: 25,
      expired_url: 'https://shop.example/over',
      has_password: true,
      ios_url: 'https://apps.apple.com/app/id1',
      android_url: null,
      geo_targets: { US: 'https://shop.example/us', DE: 'https://shop.example/de' },
    });
    expect(linkFormFromLink(link)).toMatchObject({
      forward_query: false,
      expires_at: '2026-12-31T23:30',
      max_clicks: '25',
      expired_url: 'https://shop.example/over',
      has_password: true,
      password_mode: 'keep',
      password: '',
      ios_url: 'https://apps.apple.com/app/id1',
      android_url: '',
      geo_targets: rows(['DE', 'https://shop.example/de'], ['US', 'https://shop.example/us']),
    });
  });

  it('convert between the datetime-local value and ISO UTC, and refuse what is not one', () => {
    expect(localInputToIso('2026-07-01T09:05')).toBe('2026-07-01T13:05:00.000Z');
    expect(isoToLocalInput('2026-07-01T13:05:00.000Z')).toBe('2026-07-01T09:05');
    expect(isoToLocalInput(null)).toBe('');
    for (const bad of ['2026-07-01', 'tomorrow', '2026-13-45T99:99']) expect(localInputToIso(bad)).toBeUndefined();
    expect(check({ expires_at: 'tomorrow' })).toEqual({ expires_at: 'Expiry must be an ISO 8601 date and time' });
  });

  it("check the click limit with the server's words", () => {
    for (const bad of ['0', '-1', '1.5', 'ten', '1e3', '99999999999999999999']) {
      expect(check({ max_clicks: bad })).toEqual({ max_clicks: 'Max clicks must be a whole number of at least 1' });
    }
    expect(check({ max_clicks: '1' })).toEqual({});
  });

  it('check the optional addresses only when filled', () => {
    expect(check({ expired_url: 'nope', ios_url: 'ftp://x', android_url: 'javascript:alert(1)' })).toEqual({
      expired_url: 'Please enter a valid URL',
      ios_url: 'Please enter a valid URL',
      android_url: 'Please enter a valid URL',
    });
    expect(check({ expired_url: '  ', ios_url: '', android_url: '' })).toEqual({});
  });

  it('set, keep or remove the password, checking its length only when setting one', () => {
    const words = 'Password must be 4 to 128 characters';
    expect(check({ password_mode: 'set', password: 'abc' })).toEqual({ password: words });
    expect(check({ password_mode: 'set', password: 'x'.repeat(129) })).toEqual({ password: words });
    expect(check({ password_mode: 'set', password: 'abcd' })).toEqual({});
    expect(check({ password_mode: 'keep', password: 'a' })).toEqual({});
    expect(linkInputFromForm({ ...base, password_mode: 'remove', has_password: true }).password).toBe('');
    expect(linkInputFromForm({ ...base, password_mode: 'keep', has_password: true })).not.toHaveProperty('password');
  });

  it('check each country row, leaving blank rows out', () => {
    expect(check({ geo_targets: rows(['', '']) })).toEqual({});
    expect(check({ geo_targets: rows(['', 'https://x.example/']) })).toEqual({ geo_targets: 'Choose a country' });
    expect(check({ geo_targets: rows(['FR', '']) })).toEqual({ geo_targets: 'Please enter the address for France' });
    expect(check({ geo_targets: rows(['FR', 'x']) })).toEqual({ geo_targets: 'France: Please enter a valid URL' });
    expect(check({ geo_targets: rows(['FR', 'https://a.example/'], ['FR', 'https://b.example/']) })).toEqual({
      geo_targets: 'France is already listed',
    });
  });

  it('allow at most 50 countries', () => {
    const codes = [
      'US',
      'GB',
      'DE',
      'FR',
      'IT',
      'ES',
      'NL',
      'BE',
      'AT',
      'CH',
      'SE',
      'NO',
      'DK',
      'FI',
      'IE',
      'PT',
      'PL',
    ];
    const more = ['CZ', 'SK', 'HU', 'RO', 'BG', 'GR', 'TR', 'UA', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'JP', 'KR'];
    const rest = ['CN', 'IN', 'ID', 'TH', 'VN', 'PH', 'MY', 'SG', 'AU', 'NZ', 'ZA', 'NG', 'EG', 'KE', 'MA', 'IL', 'AE'];
    const all = [...codes, ...more, ...rest].map((code): [string, string] => [code, `https://x.example/${code}`]);
    expect(all).toHaveLength(51);
    expect(check({ geo_targets: rows(...all.slice(0, 50)) })).toEqual({});
    expect(check({ geo_targets: rows(...all) })).toEqual({ geo_targets: 'At most 50 country targets' });
  });
});

describe("the admin's edit sends only changed options", () => {
  const link = apiLink({
    expires_at: '2027-01-01T04:30:45.000Z',
    has_password: true,
    geo_targets: { DE: 'https://shop.example/de', US: 'https://shop.example/us' },
  });
  const form = linkFormFromLink(link);

  it('nothing when nothing changed (seconds the form does not show, the order of countries)', () => {
    expect(changedFields(link, form)).toEqual({});
    expect(changedFields(link, { ...form, geo_targets: [...form.geo_targets].reverse() })).toEqual({});
  });

  it('each option that changed', () => {
    expect(
      changedFields(link, {
        ...form,
        expires_at: '',
        max_clicks: '3',
        password_mode: 'remove',
        geo_targets: form.geo_targets.slice(1),
      }),
    ).toEqual({ expires_at: null, max_clicks: 3, password: '', geo_targets: { US: 'https://shop.example/us' } });
    expect(changedFields(link, { ...form, password_mode: 'set', password: 'new one' })).toEqual({
      password: 'new one',
    });
  });
});
