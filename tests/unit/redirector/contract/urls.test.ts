import { describe, expect, it } from 'vitest';
import {
  isHttpUrl,
  normaliseDestination,
  normaliseHttpUrl,
  withDefaultScheme,
} from '../../../../redirector/contract/urls';
import { itReturns } from '../../../helpers/tables';

describe('normaliseHttpUrl', () => {
  itReturns('keeps the absolute http(s) URL %j in its WHATWG href form %s', normaliseHttpUrl, [
    ['https://example.com', 'https://example.com/'],
    ['  HTTP://Example.COM:80/a b?q=1#x ', 'http://example.com/a%20b?q=1#x'],
    ['https://例え.jp/パス', 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
  ]);

  itReturns('refuses another scheme: %j', normaliseHttpUrl, [
    ['javascript:alert(1)', undefined],
    ['JavaScript://%0aalert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['file:///etc/passwd', undefined],
    ['ftp://example.com/', undefined],
    ['mailto:a@example.com', undefined],
  ]);

  itReturns('refuses a relative address: %j', normaliseHttpUrl, [
    ['/relative/path', undefined],
    ['//example.com/x', undefined],
    ['example.com', undefined],
  ]);

  itReturns('refuses garbage: %j', normaliseHttpUrl, [
    ['http:example.com', undefined],
    ['http:/example.com', undefined],
    ['http:\\\\example.com', undefined],
    ['http://', undefined],
    ['https://exa mple.com', undefined],
    ['not a url', undefined],
    ['', undefined],
    ['   ', undefined],
  ]);

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

describe('normaliseDestination', () => {
  itReturns('takes a bare host name %j as https://: %s', normaliseDestination, [
    ['example.com/page', 'https://example.com/page'],
    [' www.Example.com ', 'https://www.example.com/'],
    ['example.com:8080/x?q=1#top', 'https://example.com:8080/x?q=1#top'],
    ['shop.example.net?ref=mail', 'https://shop.example.net/?ref=mail'],
    ['http://example.com/kept', 'http://example.com/kept'],
  ]);

  itReturns('still refuses %j', normaliseDestination, [
    ['javascript:alert(1)', undefined],
    ['JavaScript://%0aalert(1)', undefined],
    ['mailto:a@example.com', undefined],
    ['a@example.com', undefined],
    ['user:pass@example.com', undefined],
    ['data:text/html,x', undefined],
    ['/relative/path', undefined],
    ['//example.com/x', undefined],
    ['localhost:3000/x', undefined],
    ['example', undefined],
    ['not a url', undefined],
    ['example dot com', undefined],
    ['', undefined],
  ]);
});

describe('withDefaultScheme', () => {
  it('leaves what it does not prefix as it came', () => {
    expect(withDefaultScheme('example.com')).toBe('https://example.com');
    expect(withDefaultScheme(' /page ')).toBe(' /page ');
    expect(withDefaultScheme('ftp://example.com/')).toBe('ftp://example.com/');
  });
});
