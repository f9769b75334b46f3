import { describe, expect, it } from 'vitest';
import { checkOptionAddresses, parseLinkChanges, parseNewLink } from '../../../../redirector/links/linkValidation';
import { RuleError } from '../../../../redirector/ruleError';

function ruleOf(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a RuleError');
}

describe('parseNewLink', () => {
  it('fills defaults and normalises addresses', () => {
    expect(parseNewLink({ target_url: 'https://Example.com' })).toEqual({
      title: '',
      target_url: 'https://example.com/',
      short_code: undefined,
      enable_tiktok_bypass: false,
      enable_country_redirect: false,
      country_redirect_url: null,
      enable_instagram_exit: false,
      instagram_exit_url: null,
      tags: [],
    });
  });

  it('keeps every given field, trims the title, ignores unknown fields and treats an empty short code as none', () => {
    expect(
      parseNewLink({
        title: '  Hello  ',
        target_url: 'https://example.com/a',
        short_code: '',
        enable_tiktok_bypass: true,
        enable_country_redirect: true,
        country_redirect_url: 'https://example.org',
        enable_instagram_exit: true,
        instagram_exit_url: 'http://example.net/x',
        user_id: 99,
        clicks: 5,
      }),
    ).toEqual({
      title: 'Hello',
      target_url: 'https://example.com/a',
      short_code: undefined,
      enable_tiktok_bypass: true,
      enable_country_redirect: true,
      country_redirect_url: 'https://example.org/',
      enable_instagram_exit: true,
      instagram_exit_url: 'http://example.net/x',
      tags: [],
    });
    expect(parseNewLink({ target_url: 'https://e.com', short_code: 'AbC', title: null }).short_code).toBe('AbC');
  });

  it('answers 400 with a clear message for each bad field', () => {
    const cases: [unknown, string][] = [
      [{}, 'Target URL is required'],
      [{ target_url: '' }, 'Target URL is required'],
      [{ target_url: null }, 'Target URL is required'],
      [{ target_url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
      [{ target_url: 42 }, 'Please enter a valid URL'],
      [{ target_url: 'https://e.com', country_redirect_url: 'data:text/html,x' }, 'Please enter a valid URL'],
      [{ target_url: 'https://e.com', instagram_exit_url: '/x' }, 'Please enter a valid URL'],
      [{ target_url: 'https://e.com', title: 7 }, 'Title must be text'],
      [{ target_url: 'https://e.com', title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ target_url: 'https://e.com', short_code: 5 }, 'Short code must be text'],
      [{ target_url: 'https://e.com', enable_tiktok_bypass: 'yes' }, 'enable_tiktok_bypass must be true or false'],
      [
        { target_url: 'https://e.com', enable_country_redirect: true },
        'Country redirect URL is required when country redirect is on',
      ],
      [
        { target_url: 'https://e.com', enable_instagram_exit: true, instagram_exit_url: '' },
        'Instagram exit URL is required when Instagram exit is on',
      ],
      [[], 'Request body must be an object of link fields'],
      ['text', 'Request body must be an object of link fields'],
    ];
    for (const [body, message] of cases) {
      expect(
        ruleOf(() => parseNewLink(body)),
        JSON.stringify(body),
      ).toEqual({ status: 400, message });
    }
  });
});

describe('parseLinkChanges', () => {
  it('keeps only what was sent; null or empty clears an option address', () => {
    expect(parseLinkChanges({})).toEqual({});
    expect(parseLinkChanges({ title: null, country_redirect_url: '', instagram_exit_url: null })).toEqual({
      title: '',
      country_redirect_url: null,
      instagram_exit_url: null,
    });
    expect(parseLinkChanges({ target_url: 'https://e.com/x', short_code: 'same' })).toEqual({
      target_url: 'https://e.com/x',
      short_code: 'same',
    });
  });

  it('refuses an empty target and bad addresses', () => {
    expect(ruleOf(() => parseLinkChanges({ target_url: '' }))).toEqual({
      status: 400,
      message: 'Target URL is required',
    });
    expect(ruleOf(() => parseLinkChanges({ target_url: 'file:///x' }))).toEqual({
      status: 400,
      message: 'Please enter a valid URL',
    });
  });
});

describe('checkOptionAddresses', () => {
  it('needs the address only when its option is on', () => {
    const off = {
      enable_country_redirect: false,
      country_redirect_url: null,
      enable_instagram_exit: false,
      instagram_exit_url: null,
    };
    expect(() => checkOptionAddresses(off)).not.toThrow();
    expect(ruleOf(() => checkOptionAddresses({ ...off, enable_instagram_exit: true })).message).toBe(
      'Instagram exit URL is required when Instagram exit is on',
    );
  });
});
