import { describe, expect, it } from 'vitest';
import { isHttpUrl, normaliseHttpUrl } from '../../../../redirector/contract/urls';

describe('normaliseHttpUrl', () => {
  it('keeps absolute http(s) URLs in their WHATWG href form', () => {
    expect(normaliseHttpUrl('https://example.com')).toBe('https://example.com/');
    expect(normaliseHttpUrl('  HTTP://Example.COM:80/a b?q=1#x ')).toBe('http://example.com/a%20b?q=1#x');
    expect(normaliseHttpUrl('https://例え.jp/パス')).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9');
    expect(normaliseHttpUrl('https://example.com:8443/x')).toBe('https://example.com:8443/x');
  });

  it('refuses other schemes, relative addresses and garbage', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://example.com/',
      'mailto:a@example.com',
      '/relative/path',
      '//example.com/x',
      'example.com',
      'http:example.com',
      'http:/example.com',
      'http:\\\\example.com',
      'http://',
      'https://exa mple.com',
      'not a url',
      '',
      '   ',
    ]) {
      expect(normaliseHttpUrl(value), value).toBeUndefined();
    }
  });

  it('allows 2,048 characters and refuses more', () => {
    const base = 'https://example.com/';
    expect(normaliseHttpUrl(base + 'a'.repeat(2048 - base.length))).toHaveLength(2048);
    expect(normaliseHttpUrl(base + 'a'.repeat(2049 - base.length))).toBeUndefined();
    // Normalisation can lengthen an address (percent-encoding); the stored form must fit too.
    expect(normaliseHttpUrl(`${base}${' '.repeat(1000)}x`)).toBeUndefined();
  });
});

describe('isHttpUrl', () => {
  it('says whether an address would be stored', () => {
    expect(isHttpUrl(' https://example.com/a ')).toBe(true);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('x:y')).toBe(false);
  });
});
