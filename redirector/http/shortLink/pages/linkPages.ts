/**
 * The pages a protected or expired link answers with (docs/api.md#resolving-a-short-link): the
 * password form and "This link has expired". No script at all; the one inline style is allowed by
 * its hash in the page's own Content-Security-Policy; the texts are the catalogue's, in the request's language.
 * Neither page may be kept by a cache or indexed: a password may be set, changed or removed, and
 * an expired link may be given more time.
 */
import { createHash } from 'node:crypto';
import { MAX_LINK_PASSWORD_LENGTH } from '../../../contract/linkOptions';
import { HUB_TOKEN_PARAMETER } from '../../../hubs/hubClickToken';
import { escapeHtml } from './bypassPage';
import { pageTexts, perLanguage } from './pageLanguage';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7fb;color:#1f2937;
display:flex;min-height:100vh;align-items:center;justify-content:center;padding:1.25rem}
main{width:100%;max-width:24rem;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.3rem;margin:0 0 .5rem}
p{color:#4b5563;line-height:1.5;margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.4rem}
input{width:100%;padding:.7rem;border-radius:.5rem;border:1px solid #9ca3af;font:inherit}
button{margin-top:.9rem;width:100%;padding:.8rem;border-radius:.6rem;border:0;font:inherit;font-weight:600;
background:#2563eb;color:#fff;cursor:pointer}
.error{color:#b91c1c;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e6e8ee}main{background:#171a21;box-shadow:none}
p{color:#b4bac6}input{background:#12151b;color:#e6e8ee;border-color:#5b6474}.error{color:#fda29b}}
`;

const styleHash = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

/**
 * The form posts to its own address; the answer to a right password is a redirect to anywhere, and
 * browsers hold form-action to the redirect's target too.
 */
export const LINK_PAGE_CSP =
  `default-src 'none'; style-src ${styleHash}; base-uri 'none'; ` +
  `form-action 'self' http: https:; frame-ancestors 'none'`;

export const LINK_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': LINK_PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * HTML counts maxlength in UTF-16 units and the rule counts code points: a code point takes at most
 * two units, so the longest allowed password always fits and the server does the exact count.
 */
const MAX_PASSWORD_FIELD_UNITS = MAX_LINK_PASSWORD_LENGTH * 2;

function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${title}</title>
<style>${STYLE}</style></head>
<body><main>
<h1>${title}</h1>
${body}
</main></body></html>`;
}

/**
 * The password form in `language`; `wrong`: "Wrong password" above the field; `hubToken`: a hub
 * click's token, kept in a hidden field so the click after the right password counts for the hub
 * (docs/api.md#the-password-form).
 */
export function renderPasswordPage(language: string, wrong = false, hubToken = ''): string {
  const t = pageTexts(language);
  const message = wrong ? `<p class="error" role="alert">${t('server.password.wrong')}</p>` : '';
  const hidden =
    hubToken === '' ? '' : `\n<input type="hidden" name="${HUB_TOKEN_PARAMETER}" value="${escapeHtml(hubToken)}">`;
  return page(
    language,
    t('server.password.title'),
    `<p>${t('server.password.text')}</p>
${message}<form method="post">${hidden}
<label for="password">${t('server.password.label')}</label>
<input id="password" name="password" type="password" required autofocus autocomplete="off" maxlength="${MAX_PASSWORD_FIELD_UNITS}">
<button type="submit">${t('server.password.submit')}</button>
</form>`,
  );
}

/** The form, with and without "Wrong password", rendered once per language. */
export const passwordFormBody = perLanguage((language) => ({
  form: Buffer.from(renderPasswordPage(language), 'utf8'),
  wrong: Buffer.from(renderPasswordPage(language, true), 'utf8'),
}));

export const expiredBody = perLanguage((language) => {
  const t = pageTexts(language);
  return Buffer.from(page(language, t('server.expired.title'), `<p>${t('server.expired.text')}</p>`), 'utf8');
});

export function renderTooManyPasswordsPage(retryAfterMs: number, language: string): string {
  const t = pageTexts(language);
  const count = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return page(language, t('server.tooMany.title'), `<p>${t('server.tooMany.retry', { count })}</p>`);
}
