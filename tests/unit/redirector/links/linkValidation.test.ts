import { describe, expect, it } from 'vitest';
import { checkOptionAddresses, parseLinkChanges, parseNewLink } from '../../../../redirector/links/linkValidation';
import { RuleError } from '../../../../redirector/ruleError';
import { NO_CONTROL_OPTIONS, NO_OPTIONS_INPUT, noRedirectRules } from '../../../helpers/linkFixtures';

const NO_OPTIONS = { ...NO_OPTIONS_INPUT, ...NO_CONTROL_OPTIONS, password: null };

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
      ...noRedirectRules(),
      ...NO_OPTIONS,
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
      ...NO_OPTIONS,
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

describe('link options', () => {
  const base = { target_url: 'https://e.com' };

  it('reads every option, normalising addresses, times and country codes', () => {
    expect(
      parseNewLink({
        ...base,
        forward_query: false,
        expires_at: '2030-01-02T03:04:05+02:00',
        max_clicks: 10,
        expired_url: 'https://Over.example.com',
        password: 'open sesame',
        ios_url: 'https://apps.apple.com/x',
        android_url: 'https://play.google.com/x',
        geo_targets: { jp: 'https://example.jp', DE: 'https://example.de/' },
      }),
    ).toMatchObject({
      forward_query: false,
      expires_at: Date.UTC(2030, 0, 2, 1, 4, 5),
      max_clicks: 10,
      expired_url: 'https://over.example.com/',
      password: 'open sesame',
      ios_url: 'https://apps.apple.com/x',
      android_url: 'https://play.google.com/x',
      geo_targets: { DE: 'https://example.de/', JP: 'https://example.jp/' },
    });
  });

  it('removes the password, expiry and country targets with "" or null, and keeps them when left out', () => {
    expect(parseLinkChanges({ password: '', expires_at: null, geo_targets: null, max_clicks: null })).toEqual({
      password: null,
      expires_at: null,
      geo_targets: {},
      max_clicks: null,
    });
    expect(parseLinkChanges({ password: null })).toEqual({ password: null });
    expect(parseLinkChanges({ title: 'x' })).toEqual({ title: 'x' });
  });

  it('answers 400 with a clear message for each bad option', () => {
    const tooMany = Object.fromEntries(
      Array.from({ length: 51 }, (_, i) => [
        String.fromCharCode(65 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)),
        'https://e.com',
      ]),
    );
    const cases: [unknown, string][] = [
      [{ forward_query: 'yes' }, 'forward_query must be true or false'],
      [{ expires_at: 'tomorrow' }, 'Expiry must be an ISO 8601 date and time'],
      [{ expires_at: '2030-01-02T03:04:05' }, 'Expiry must be an ISO 8601 date and time'],
      [{ expires_at: 1234 }, 'Expiry must be an ISO 8601 date and time'],
      [{ max_clicks: 0 }, 'Max clicks must be a whole number of at least 1'],
      [{ max_clicks: 1.5 }, 'Max clicks must be a whole number of at least 1'],
      [{ max_clicks: '10' }, 'Max clicks must be a whole number of at least 1'],
      [{ max_clicks: 2 ** 31 }, 'Max clicks must be a whole number of at least 1'],
      [{ expired_url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
      [{ ios_url: 'ftp://e.com/' }, 'Please enter a valid URL'],
      [{ android_url: 'x' }, 'Please enter a valid URL'],
      [{ password: 'abc' }, 'Password must be 4 to 128 characters'],
      [{ password: 'x'.repeat(129) }, 'Password must be 4 to 128 characters'],
      [{ password: 1234 }, 'Password must be 4 to 128 characters'],
      [{ geo_targets: ['https://e.com'] }, 'Country targets must be an object of country codes and URLs'],
      [{ geo_targets: 'DE=https://e.com' }, 'Country targets must be an object of country codes and URLs'],
      [{ geo_targets: { Germany: 'https://e.com' } }, 'Country targets: "GERMANY" is not a two-letter country code'],
      [
        { geo_targets: JSON.parse('{"__proto__": "https://e.com"}') },
        'Country targets: "__PROTO__" is not a two-letter country code',
      ],
      [{ geo_targets: { de: 'https://e.com', DE: 'https://e.com' } }, 'Country targets: DE is given twice'],
      [{ geo_targets: { DE: 'data:text/html,x' } }, 'Please enter a valid URL'],
      [{ geo_targets: { DE: 5 } }, 'Please enter a valid URL'],
      [{ geo_targets: tooMany }, 'At most 50 country targets'],
    ];
    for (const [options, message] of cases) {
      expect(
        ruleOf(() => parseNewLink({ ...base, ...(options as object) })),
        JSON.stringify(options),
      ).toEqual({
        status: 400,
        message,
      });
    }
    // A password of 4 characters counts characters, not UTF-16 units.
    expect(parseNewLink({ ...base, password: '🔑🔑🔑🔑' }).password).toBe('🔑🔑🔑🔑');
  });
});
