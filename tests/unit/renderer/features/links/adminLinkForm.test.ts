import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../../redirector/contract';
import {
  changedFields,
  DEFAULT_COUNTRY_REDIRECT_URL,
  emptyLinkForm,
  INVALID_URL,
  linkToForm,
  randomShortCode,
  toLinkInput,
  validateLinkForm,
} from '../../../../../renderer/src/features/links/adminLinkForm';

const link: Link = {
  id: 7,
  user_id: null,
  title: 'Spring promo',
  target_url: 'https://shop.example.com/spring',
  short_code: 'spring',
  clicks: 3,
  total_clicks: 3,
  unique_visitors: 2,
  blocked_visitors: 0,
  created_at: '2025-01-05T10:00:00.000Z',
  enable_tiktok_bypass: true,
  enable_country_redirect: false,
  country_redirect_url: null,
  enable_instagram_exit: false,
  instagram_exit_url: null,
};

describe('link form', () => {
  it('prefills a random 6-character code of letters and digits', () => {
    const codes = new Set(Array.from({ length: 50 }, () => randomShortCode()));
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(codes.size).toBe(50);
    expect(emptyLinkForm('abc123').short_code).toBe('abc123');
    expect(emptyLinkForm().country_redirect_url).toBe(DEFAULT_COUNTRY_REDIRECT_URL);
  });

  it('requires a valid target URL and valid revealed addresses', () => {
    const values = { ...emptyLinkForm('abc123'), target_url: 'javascript:alert(1)' };
    expect(validateLinkForm(values, 'create')).toEqual({ target_url: INVALID_URL });
    expect(validateLinkForm({ ...values, target_url: '' }, 'create')).toEqual({ target_url: 'Target URL is required' });
    const withOptions = {
      ...values,
      target_url: 'https://example.com',
      short_code: 'bad code',
      enable_country_redirect: true,
      country_redirect_url: 'ftp://x',
      enable_instagram_exit: true,
      instagram_exit_url: '',
    };
    expect(validateLinkForm(withOptions, 'create')).toEqual({
      short_code: 'Use letters, digits, hyphens and underscores only',
      country_redirect_url: INVALID_URL,
      instagram_exit_url: 'Exit URL is required',
    });
    // Editing never checks the (fixed) short code.
    expect(
      validateLinkForm(
        { ...withOptions, country_redirect_url: 'https://g.example', instagram_exit_url: 'https://i.example' },
        'edit',
      ),
    ).toEqual({});
  });

  it('sends an address only while its option is on', () => {
    const input = toLinkInput({ ...emptyLinkForm('abc123'), target_url: ' https://example.com ', title: ' Hi ' });
    expect(input).toEqual({
      title: 'Hi',
      target_url: 'https://example.com',
      short_code: 'abc123',
      enable_tiktok_bypass: false,
      enable_country_redirect: false,
      country_redirect_url: null,
      enable_instagram_exit: false,
      instagram_exit_url: null,
    });
  });

  it('updates only the fields that changed, never the short code', () => {
    const form = linkToForm(link);
    expect(form.country_redirect_url).toBe(DEFAULT_COUNTRY_REDIRECT_URL);
    expect(changedFields(link, form)).toEqual({});
    expect(changedFields(link, { ...form, title: 'Autumn', short_code: 'other', enable_tiktok_bypass: false })).toEqual(
      {
        title: 'Autumn',
        enable_tiktok_bypass: false,
      },
    );
    expect(changedFields(link, { ...form, enable_country_redirect: true })).toEqual({
      enable_country_redirect: true,
      country_redirect_url: DEFAULT_COUNTRY_REDIRECT_URL,
    });
  });
});
