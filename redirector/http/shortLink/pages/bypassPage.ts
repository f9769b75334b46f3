/**
 * The TikTok bypass page (docs/api.md#resolving-a-short-link, rule 4): TikTok's in-app browser cannot be told to open a
 * link elsewhere, so the page shows the visitor how. Android gets an `intent://` button that opens
 * the address in Chrome; iOS gets the steps through TikTok's "…" menu; both get a copy-link button.
 *
 * The page's only script and style are fixed strings, allowed by their hashes in its own
 * Content-Security-Policy; the target address reaches the page only HTML-escaped, as text and
 * attribute values, never inside the script. The script's two messages are in the page's language,
 * read from the status element's data attributes, so the script (and its hash) stays one fixed string.
 */
import { createHash } from 'node:crypto';
import type { DeviceType } from '../../../contract/clicks';
import { parsedHttpUrl } from '../../../contract/urls';
import { pageTexts } from './pageLanguage';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f172a;color:#f8fafc;
display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1.25rem}
main{width:100%;max-width:26rem;background:#1e293b;border-radius:1rem;padding:1.5rem}
h1{font-size:1.3rem;margin:0 0 .5rem}
p,li{color:#cbd5e1;line-height:1.5}
section{margin-top:1.25rem}
h2{font-size:1rem;margin:0 0 .5rem;color:#f8fafc}
ol{padding-left:1.25rem;margin:0}
.button{display:block;width:100%;text-align:center;padding:.85rem 1rem;border-radius:.6rem;border:0;font:inherit;
font-weight:600;text-decoration:none;cursor:pointer;background:#d6204a;color:#fff}
.secondary{background:#334155;color:#f8fafc;margin-top:.6rem}
input{width:100%;padding:.7rem;border-radius:.5rem;border:1px solid #475569;background:#0f172a;color:#f8fafc;font:inherit}
#status{min-height:1.5em;margin:.5rem 0 0;color:#86efac}
`;

const SCRIPT = `
(function () {
  var button = document.getElementById('copy');
  var field = document.getElementById('address');
  var status = document.getElementById('status');
  if (!button || !field || !status) return;
  function copied() { status.textContent = status.getAttribute('data-copied'); }
  function fallback() {
    field.focus();
    field.select();
    field.setSelectionRange(0, field.value.length);
    try {
      if (document.execCommand('copy')) { copied(); return; }
    } catch (e) {}
    status.textContent = status.getAttribute('data-select');
  }
  button.addEventListener('click', function () {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(copied, fallback);
    } else {
      fallback();
    }
  });
})();
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's own policy: nothing but its inline style and script. */
export const BYPASS_PAGE_CSP =
  `default-src 'none'; script-src ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; img-src data:; ` +
  `base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * An Android intent that opens the address in Chrome, falling back to the address itself where
 * Chrome is missing. Undefined for anything but an http(s) address.
 */
export function chromeIntentUrl(target: string): string | undefined {
  const url = parsedHttpUrl(target);
  if (url === undefined) return undefined;
  // The intent's own fragment carries its parameters, so the address's fragment cannot come along.
  const withoutFragment = `${url.host}${url.pathname}${url.search}`;
  const fallback = encodeURIComponent(url.href);
  return `intent://${withoutFragment}#Intent;scheme=${url.protocol.slice(0, -1)};package=com.android.chrome;S.browser_fallback_url=${fallback};end`;
}

/** The steps through TikTok's "…" menu, in the page's language (shared with the hub's banner). */
export function tiktokMenuSteps(language: string): string {
  const t = pageTexts(language);
  return `<ol><li>${t('server.tiktok.menuStep')}</li><li>${t('server.tiktok.openStep')}</li></ol>`;
}

export function renderBypassPage(target: string, deviceType: DeviceType, language: string): string {
  const t = pageTexts(language);
  const address = escapeHtml(target);
  const intent = chromeIntentUrl(target);
  const android = intent
    ? `<section><h2>${t('server.tiktok.android')}</h2>
<a class="button" href="${escapeHtml(intent)}">${t('server.tiktok.openInChrome')}</a></section>`
    : '';
  const ios = `<section><h2>${t('server.tiktok.iphone')}</h2>
${tiktokMenuSteps(language)}</section>`;
  const steps = deviceType === 'ios' ? ios + android : android + ios;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${t('server.tiktok.title')}</title>
<style>${STYLE}</style></head>
<body><main>
<h1>${t('server.tiktok.title')}</h1>
<p>${t('server.tiktok.text')}</p>
${steps}
<section><h2>${t('server.tiktok.copyTitle')}</h2>
<input id="address" type="text" readonly value="${address}" aria-label="${escapeHtml(t('server.tiktok.address'))}">
<button id="copy" class="button secondary" type="button">${t('server.tiktok.copy')}</button>
<p id="status" role="status" aria-live="polite" data-copied="${escapeHtml(t('server.tiktok.copied'))}"
data-select="${escapeHtml(t('server.tiktok.select'))}"></p></section>
<noscript><p>${t('server.tiktok.noscript')}</p></noscript>
</main><script>${SCRIPT}</script></body></html>`;
}
