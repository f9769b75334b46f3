import { describe, expect, it } from 'vitest';
import { isHttpUrl as isValidHttpUrl, randomShortCode } from '../../../../../redirector/contract';
import { emptyControl } from '../../../../../renderer/src/features/links/linkControlForm';
import { emptyConversion } from '../../../../../renderer/src/features/links/linkConversionForm';
import {
  changedFields,
  DEFAULT_COUNTRY_REDIRECT_URL,
  emptyLinkForm,
  type LinkFormValues,
  linkFormFromLink,
  linkInputFromForm,
  validateLinkForm as validateWith,
} from '../../../../../renderer/src/features/links/linkForm';
import { adminLinkFormTexts, userLinkFormTexts } from '../../../../../renderer/src/features/links/linkFormTexts';
import { emptyLinkOptions } from '../../../../../renderer/src/features/links/linkOptions';
import { apiLink, NO_CONTROL_OPTIONS, NO_OPTIONS_INPUT } from '../../../../helpers/linkFixtures';

const INVALID_URL = 'Please enter a valid URL';
const validateLinkForm = (values: LinkFormValues, editing: boolean) =>
  validateWith(values, editing, userLinkFormTexts());
const validateAdminForm = (values: LinkFormValues, mode: 'create' | 'edit') =>
  validateWith(values, mode === 'edit', adminLinkFormTexts());

// The dialog reveals the redirect address empty until its option is switched on.
const filled = {
  ...emptyLinkForm({ country_redirect_url: '' }),
  short_code: 'my-link',
  target_url: 'https://example.com/page',
};

describe("link form, in the user dialog's words", () => {
  it('accepts only absolute http(s) addresses', () => {
    expect(isValidHttpUrl('https://example.com')).toBe(true);
    expect(isValidHttpUrl('  http://example.com/a?b=c  ')).toBe(true);
    for (const bad of [
      'example.com',
      'javascript:alert(1)',
      'ftp://example.com',
      'data:text/html,x',
      '/relative',
      '',
      'https://',
    ]) {
      expect(isValidHttpUrl(bad)).toBe(false);
    }
    expect(isValidHttpUrl(`https://example.com/${'a'.repeat(2100)}`)).toBe(false);
  });

  it('requires a short code and a target URL when creating', () => {
    expect(validateLinkForm(emptyLinkForm(), false)).toEqual({
      short_code: 'Please enter a short code',
      target_url: 'Please enter a target URL',
    });
    expect(validateLinkForm(filled, false)).toEqual({});
  });

  it('takes a destination typed without a scheme as https://, and still refuses other schemes', () => {
    const bare = { ...filled, target_url: ' example.com/page ' };
    expect(validateLinkForm(bare, false)).toEqual({});
    expect(linkInputFromForm(bare).target_url).toBe('https://example.com/page');
    for (const bad of ['javascript:alert(1)', 'mailto:a@example.com', 'localhost/x']) {
      expect(validateLinkForm({ ...filled, target_url: bad }, false), bad).toEqual({ target_url: INVALID_URL });
    }
    // Only the destination: an option's address still spells out its scheme.
    expect(
      validateLinkForm({ ...filled, enable_instagram_exit: true, instagram_exit_url: 'example.com/ig' }, false),
    ).toEqual({
      instagram_exit_url: INVALID_URL,
    });
  });

  it('says "Please enter a valid URL" for a target that is not an address', () => {
    expect(validateLinkForm({ ...filled, target_url: 'not a url' }, false)).toEqual({
      target_url: 'Please enter a valid URL',
    });
  });

  it('checks short code characters and length, but not when editing', () => {
    expect(validateLinkForm({ ...filled, short_code: 'has space' }, false).short_code).toBe(
      'Use only letters, numbers, hyphens (-) and underscores (_)',
    );
    expect(validateLinkForm({ ...filled, short_code: 'a'.repeat(65) }, false).short_code).toBe(
      'Use at most 64 characters',
    );
    expect(validateLinkForm({ ...filled, short_code: '' }, true)).toEqual({});
  });

  it('requires the revealed addresses only when their option is on', () => {
    expect(validateLinkForm({ ...filled, country_redirect_url: 'junk', instagram_exit_url: 'junk' }, false)).toEqual(
      {},
    );
    expect(validateLinkForm({ ...filled, enable_country_redirect: true, enable_instagram_exit: true }, false)).toEqual({
      country_redirect_url: 'Please enter a redirect URL',
      instagram_exit_url: 'Please enter an exit URL',
    });
    expect(
      validateLinkForm(
        {
          ...filled,
          enable_country_redirect: true,
          country_redirect_url: 'nope',
          enable_instagram_exit: true,
          instagram_exit_url: 'x:y',
        },
        false,
      ),
    ).toEqual({ country_redirect_url: 'Please enter a valid URL', instagram_exit_url: 'Please enter a valid URL' });
  });

  it('builds the request body, trimming and clearing addresses of options that are off', () => {
    expect(
      linkInputFromForm({
        ...filled,
        short_code: ' my-link ',
        title: '  Hello ',
        enable_tiktok_bypass: true,
        country_redirect_url: 'https://left.over/',
        enable_instagram_exit: true,
        instagram_exit_url: ' https://exit.example/ ',
      }),
    ).toEqual({
      short_code: 'my-link',
      target_url: 'https://example.com/page',
      title: 'Hello',
      tags: [],
      enable_tiktok_bypass: true,
      enable_country_redirect: false,
      country_redirect_url: null,
      enable_instagram_exit: true,
      instagram_exit_url: 'https://exit.example/',
      ...NO_OPTIONS_INPUT,
      ...NO_CONTROL_OPTIONS,
    });
  });

  it('fills the form from a link for editing', () => {
    const link = apiLink({
      enable_country_redirect: true,
      country_redirect_url: 'https://www.google.com/',
      tags: ['sale', 'summer'],
    });
    expect(linkFormFromLink(link)).toEqual({
      short_code: 'abc',
      target_url: 'https://example.com/',
      title: '',
      tags: 'sale, summer',
      enable_tiktok_bypass: false,
      enable_country_redirect: true,
      country_redirect_url: 'https://www.google.com/',
      enable_instagram_exit: false,
      instagram_exit_url: '',
      ...emptyLinkOptions(),
      ...emptyConversion(),
      ...emptyControl(),
    });
  });
});

const adminLink = apiLink({
  user_id: null,
  title: 'Spring promo',
  target_url: 'https://shop.example.com/spring',
  short_code: 'spring',
  clicks: 3,
  total_clicks: 3,
  unique_visitors: 2,
  created_at: '2025-01-05T10:00:00.000Z',
  enable_tiktok_bypass: true,
});

describe("link form, in the admin page's words", () => {
  it('prefills a random 6-character code of letters and digits', () => {
    const codes = new Set(Array.from({ length: 50 }, () => randomShortCode()));
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(codes.size).toBe(50);
    expect(emptyLinkForm({ short_code: 'abc123' }).short_code).toBe('abc123');
    expect(emptyLinkForm().country_redirect_url).toBe(DEFAULT_COUNTRY_REDIRECT_URL);
  });

  it('requires a valid target URL and valid revealed addresses', () => {
    const values = { ...emptyLinkForm({ short_code: 'abc123' }), target_url: 'javascript:alert(1)' };
    expect(validateAdminForm(values, 'create')).toEqual({ target_url: INVALID_URL });
    expect(validateAdminForm({ ...values, target_url: '' }, 'create')).toEqual({
      target_url: 'Target URL is required',
    });
    const withOptions = {
      ...values,
      target_url: 'https://example.com',
      short_code: 'bad code',
      enable_country_redirect: true,
      country_redirect_url: 'ftp://x',
      enable_instagram_exit: true,
      instagram_exit_url: '',
    };
    expect(validateAdminForm(withOptions, 'create')).toEqual({
      short_code: 'Use letters, digits, hyphens and underscores only',
      country_redirect_url: INVALID_URL,
      instagram_exit_url: 'Exit URL is required',
    });
    // Editing never checks the (fixed) short code.
    expect(
      validateAdminForm(
        { ...withOptions, country_redirect_url: 'https://g.example', instagram_exit_url: 'https://i.example' },
        'edit',
      ),
    ).toEqual({});
  });

  it('sends an address only while its option is on', () => {
    const input = linkInputFromForm({
      ...emptyLinkForm({ short_code: 'abc123' }),
      target_url: ' https://example.com ',
      title: ' Hi ',
    });
    expect(input).toEqual({
      title: 'Hi',
      target_url: 'https://example.com',
      short_code: 'abc123',
      tags: [],
      enable_tiktok_bypass: false,
      enable_country_redirect: false,
      country_redirect_url: null,
      enable_instagram_exit: false,
      instagram_exit_url: null,
      ...NO_OPTIONS_INPUT,
      ...NO_CONTROL_OPTIONS,
    });
  });

  it('updates only the fields that changed, never the short code', () => {
    const form = linkFormFromLink(adminLink);
    expect(form.country_redirect_url).toBe(DEFAULT_COUNTRY_REDIRECT_URL);
    expect(changedFields(adminLink, form)).toEqual({});
    expect(
      changedFields(adminLink, { ...form, title: 'Autumn', short_code: 'other', enable_tiktok_bypass: false }),
    ).toEqual({
      title: 'Autumn',
      enable_tiktok_bypass: false,
    });
    expect(changedFields(adminLink, { ...form, enable_country_redirect: true })).toEqual({
      enable_country_redirect: true,
      country_redirect_url: DEFAULT_COUNTRY_REDIRECT_URL,
    });
  });

  it('sends tags only when the set changed, in any order or case', () => {
    const tagged = { ...adminLink, tags: ['sale', 'summer'] };
    const form = linkFormFromLink(tagged);
    expect(changedFields(tagged, { ...form, tags: 'Summer sale' })).toEqual({});
    expect(changedFields(tagged, { ...form, tags: 'sale' })).toEqual({ tags: ['sale'] });
    expect(changedFields(tagged, { ...form, tags: '' })).toEqual({ tags: [] });
  });
});

describe('link form tags', () => {
  it('reads tags typed with commas or spaces, lower-cased, without duplicates', () => {
    expect(linkInputFromForm({ ...filled, tags: ' Summer, sale  summer,,2025 ' }).tags).toEqual([
      'summer',
      'sale',
      '2025',
    ]);
  });

  it("refuses a tag with the server's message naming it, and more than 10 tags", () => {
    expect(validateLinkForm({ ...filled, tags: 'ok bad!tag' }, false)).toEqual({
      tags: 'Tag "bad!tag" must be 1-32 characters of a-z, 0-9, - and _',
    });
    expect(validateLinkForm({ ...filled, tags: 'a b c d e f g h i j k' }, false)).toEqual({
      tags: 'A link can have at most 10 tags',
    });
    expect(validateLinkForm({ ...filled, tags: 'a b c d e f g h i j' }, false)).toEqual({});
  });
});
