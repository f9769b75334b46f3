// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { linkHost, shortLinkText, shortLinkUrl, shortUrlText } from '../../../../renderer/src/format/shortUrl';

describe('short link addresses', () => {
  it('shows the public URL host (with its port) and links to the public URL on the default domain', () => {
    const host = linkHost(null, 'http://localhost:8080');
    expect(host).toEqual({ domain: 'localhost:8080', origin: 'http://localhost:8080' });
    expect(shortLinkText(host, 'abc123')).toBe('localhost:8080/abc123');
    expect(shortLinkUrl(host, 'abc123')).toBe('http://localhost:8080/abc123');
  });

  it("serves a custom domain with the public URL's scheme", () => {
    const host = linkHost('links.example.com', 'https://me.example.com');
    expect(shortLinkText(host, 'my-link')).toBe('links.example.com/my-link');
    expect(shortLinkUrl(host, 'my-link')).toBe('https://links.example.com/my-link');
  });

  it('treats a blank custom domain as none', () => {
    expect(linkHost('  ', 'https://me.example.com').domain).toBe('me.example.com');
  });

  it("shows a link's short_url without its scheme, whatever its domain", () => {
    expect(shortUrlText('https://go.ann.example/spring')).toBe('go.ann.example/spring');
    expect(shortUrlText('http://localhost:8080/abc-1_2')).toBe('localhost:8080/abc-1_2');
    expect(shortUrlText('go.ann.example/spring')).toBe('go.ann.example/spring');
  });
});
