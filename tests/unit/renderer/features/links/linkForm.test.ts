import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../../redirector/contract';
import {
  emptyLinkForm,
  isValidHttpUrl,
  linkFormFromLink,
  linkInputFromForm,
  validateLinkForm,
} from '../../../../../renderer/src/features/links/linkForm';

const filled = { ...emptyLinkForm(), short_code: 'my-link', target_url: 'https://example.com/page' };

describe('user link form', () => {
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
      enable_tiktok_bypass: true,
      enable_country_redirect: false,
      country_redirect_url: null,
      enable_instagram_exit: true,
      instagram_exit_url: 'https://exit.example/',
    });
  });

  it('fills the form from a link for editing', () => {
    const link: Link = {
      id: 7,
      user_id: 1,
      title: '',
      target_url: 'https://example.com/',
      short_code: 'abc',
      clicks: 0,
      total_clicks: 0,
      unique_visitors: 0,
      blocked_visitors: 0,
      created_at: '2025-01-05T12:00:00.000Z',
      enable_tiktok_bypass: false,
      enable_country_redirect: true,
      country_redirect_url: 'https://www.google.com/',
      enable_instagram_exit: false,
      instagram_exit_url: null,
    };
    expect(linkFormFromLink(link)).toEqual({
      short_code: 'abc',
      target_url: 'https://example.com/',
      title: '',
      enable_tiktok_bypass: false,
      enable_country_redirect: true,
      country_redirect_url: 'https://www.google.com/',
      enable_instagram_exit: false,
      instagram_exit_url: '',
    });
  });
});
