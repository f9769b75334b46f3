import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BYPASS_PAGE_CSP,
  chromeIntentUrl,
  escapeHtml,
  renderBypassPage,
} from '../../../../../../redirector/http/shortLink/pages/bypassPage';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('renderBypassPage', () => {
  it('escapes a target that tries to break out of the attribute or the page', () => {
    const target = `https://evil.test/"><script>alert('x')</script>&<img src=x onerror=alert(1)>`;
    const html = renderBypassPage(target, 'android', 'en');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain(`"><script`);
    expect(html).toContain(
      'value="https://evil.test/&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&lt;img src=x onerror=alert(1)&gt;"',
    );
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('offers the Chrome intent, the iOS steps and the copy button', () => {
    const html = renderBypassPage('https://example.com/a?b=1#top', 'android', 'en');
    expect(html).toContain(
      'href="intent://example.com/a?b=1#Intent;scheme=https;package=com.android.chrome;' +
        'S.browser_fallback_url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%23top;end"',
    );
    expect(html).toContain('Open in Chrome');
    expect(html).toContain('Open in browser');
    expect(html).toContain('id="copy"');
    expect(html.indexOf('On Android')).toBeLessThan(html.indexOf('On iPhone'));
    const ios = renderBypassPage('https://example.com/', 'ios', 'en');
    expect(ios.indexOf('On iPhone')).toBeLessThan(ios.indexOf('On Android'));
  });

  it('speaks the language asked for, its copy messages included, as <html lang>', () => {
    const html = renderBypassPage('https://example.com/', 'ios', 'es');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<h1>Abre este enlace en tu navegador</h1>');
    expect(html).toContain('Toca <strong>Abrir en el navegador</strong>.');
    expect(html).toContain('data-copied="Enlace copiado. Pégalo en tu navegador."');
    expect(html).not.toContain('Open this link');
    expect(renderBypassPage('https://example.com/', 'ios', 'en')).toContain('<html lang="en">');
  });

  it('allows exactly its own inline script and style by hash, the same in every language', () => {
    for (const language of ['en', 'es']) {
      const html = renderBypassPage('https://example.com/', 'web', language);
      const script = html.match(/<script>([\s\S]*)<\/script>/)?.[1] ?? '';
      const style = html.match(/<style>([\s\S]*)<\/style>/)?.[1] ?? '';
      expect(BYPASS_PAGE_CSP).toContain(`script-src ${hashOf(script)};`);
      expect(BYPASS_PAGE_CSP).toContain(`style-src ${hashOf(style)};`);
    }
    expect(BYPASS_PAGE_CSP).toContain("default-src 'none'");
    expect(BYPASS_PAGE_CSP).not.toContain('unsafe-inline');
  });
});

describe('chromeIntentUrl', () => {
  it('keeps host, port, path and query, and the scheme', () => {
    expect(chromeIntentUrl('http://example.com:8080/p?q=1')).toBe(
      'intent://example.com:8080/p?q=1#Intent;scheme=http;package=com.android.chrome;' +
        'S.browser_fallback_url=http%3A%2F%2Fexample.com%3A8080%2Fp%3Fq%3D1;end',
    );
  });

  it('refuses anything but http(s)', () => {
    expect(chromeIntentUrl('javascript:alert(1)')).toBeUndefined();
    expect(chromeIntentUrl('not a url')).toBeUndefined();
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
