/**
 * The hub's public page (docs/api.md#the-hub): complete without JavaScript and allowed none by its
 * Content-Security-Policy. Its one inline style holds the hub's colours (contract/contrast.ts keeps
 * every text at 4.5:1 or more), allowed by its hash; every text the user typed reaches the page
 * only HTML-escaped. Links are plain `<a href>`s to each link's short_url with the page's click
 * token (docs/api.md#hub-clicks), so that a click counts as coming from the hub.
 */
import { createHash } from 'node:crypto';
import type { DeviceType } from '../../../contract/clicks';
import { type ColorScheme, type HubPalette, hubPalette, readableTextOn } from '../../../contract/contrast';
import type { HubTheme } from '../../../contract/hub';
import { chromeIntentUrl, escapeHtml, tiktokMenuSteps } from './bypassPage';
import { type HubPageItem, ITEMS_STYLE, itemsHtml } from './hubItemsHtml';
import { pageTexts } from './pageLanguage';

export interface HubPageModel {
  title: string;
  bio: string;
  theme: HubTheme;
  accent: string;
  /** Absolute; null: the initials are shown. */
  avatarUrl: string | null;
  initials: string;
  /** The items shown now, in display order. */
  items: readonly HubPageItem[];
  /** `#rrggbb`: the page's background in every scheme; null: the theme's. */
  backgroundColor: string | null;
  /** Absolute: the background image, under an overlay that keeps the text readable. */
  backgroundUrl: string | null;
  /** The description's meta tags (the bio, else the title, when empty). */
  description: string;
  noindex: boolean;
  /** The whole page behind a "sensitive content: continue" step. */
  sensitive: boolean;
  /** The address the page was asked for (og:url, and what the TikTok banner opens). */
  pageUrl: string;
  /** The origin images come from (PUBLIC_URL's), for the policy. */
  imageOrigin: string;
}

export interface RenderedHubPage {
  html: string;
  csp: string;
}

const BASE_STYLE = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg);
min-height:100vh;overflow-wrap:anywhere}
main{width:100%;max-width:36rem;margin:0 auto;padding:2.5rem 1.25rem;text-align:center}
.avatar{width:6rem;height:6rem;border-radius:50%;object-fit:cover;display:block;margin:0 auto 1rem}
.initials{display:flex;align-items:center;justify-content:center;background:var(--accent);color:var(--on-accent);
font-size:2.2rem;font-weight:700}
h1{font-size:1.5rem;margin:0 0 .5rem;color:var(--fg)}
.bio{color:var(--muted);line-height:1.5;margin:0 0 1.5rem;white-space:pre-line}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
a.link{display:block;padding:.95rem 1rem;border-radius:.75rem;background:var(--accent);color:var(--on-accent);
font-weight:600;text-decoration:none;border:2px solid var(--fg)}
a.link:focus-visible{outline:3px solid var(--fg);outline-offset:3px}
.banner{background:var(--fg);color:var(--bg);border-radius:.75rem;padding:1rem;margin:0 0 1.5rem;text-align:left}
.banner a{color:var(--bg);font-weight:700}
.banner ol{margin:.5rem 0 0;padding-left:1.25rem}
footer{margin-top:2rem;color:var(--muted);font-size:.85rem}`;

function variables(palette: HubPalette): string {
  return `--bg:${palette.background};--fg:${palette.text};--muted:${palette.muted};--accent:${palette.accent};--on-accent:${palette.onAccent}`;
}

/**
 * Over a background image, a black overlay of 62%: whatever the image, what shows through is at
 * most #616161, on which white text keeps more than 4.5:1 (docs/api.md#hub-background).
 */
const OVERLAY = 'rgba(0,0,0,.62)';

/** The palette of a scheme over the owner's background colour or image, when there is one. */
function paletteOf(model: HubPageModel, name: ColorScheme): HubPalette {
  const palette = hubPalette(model.accent, name);
  if (model.backgroundUrl !== null) return { ...palette, background: '#000000', text: '#ffffff', muted: '#ffffff' };
  if (model.backgroundColor === null) return palette;
  const text = readableTextOn(model.backgroundColor);
  return { ...palette, background: model.backgroundColor, text, muted: text };
}

function backgroundStyle(model: HubPageModel): string {
  if (model.backgroundUrl === null) return '';
  const url = encodeURI(model.backgroundUrl).replace(/["'()\\]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `\nbody{background:linear-gradient(${OVERLAY},${OVERLAY}),url("${url}") center/cover fixed #000}`;
}

/** The colours for the theme: fixed, or the visitor's preference for `auto`. */
function themeStyle(theme: HubTheme, model: HubPageModel): string {
  const scheme = (name: ColorScheme) => variables(paletteOf(model, name));
  if (theme !== 'auto') return `:root{color-scheme:${theme};${scheme(theme)}}`;
  return `:root{color-scheme:light dark;${scheme('light')}}@media (prefers-color-scheme: dark){:root{${scheme('dark')}}}`;
}

function banner(pageUrl: string, deviceType: DeviceType, language: string): string {
  const t = pageTexts(language);
  const intent = chromeIntentUrl(pageUrl);
  const android = intent ? `<p><a href="${escapeHtml(intent)}">${t('server.hub.openInChrome')}</a></p>` : '';
  const ios = tiktokMenuSteps(language);
  return `<aside class="banner" role="note"><strong>${t('server.hub.bannerTitle')}</strong>
<p>${t('server.hub.bannerText')}</p>${deviceType === 'ios' ? ios + android : android + ios}</aside>`;
}

/**
 * `inTikTok`: the visitor's device when they are in TikTok's in-app browser (the banner), else null;
 * `language`: of the page's own words (the owner's texts are shown as typed).
 */
export function renderHubPage(model: HubPageModel, inTikTok: DeviceType | null, language: string): RenderedHubPage {
  const style = `${themeStyle(model.theme, model)}\n${BASE_STYLE}\n${ITEMS_STYLE}${backgroundStyle(model)}`;
  const styleHash = `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`;
  const csp =
    `default-src 'none'; script-src 'none'; style-src ${styleHash}; img-src ${model.imageOrigin} data:; connect-src 'self'; ` +
    `base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  const title = escapeHtml(model.title);
  const description = escapeHtml(model.description || model.bio || model.title);
  const avatar = model.avatarUrl
    ? `<img class="avatar" src="${escapeHtml(model.avatarUrl)}" alt="" width="96" height="96">`
    : `<div class="avatar initials" aria-hidden="true">${escapeHtml(model.initials)}</div>`;
  const card = model.backgroundUrl ?? model.avatarUrl;
  const image = card ? `\n<meta property="og:image" content="${escapeHtml(card)}">` : '';
  const robots = model.noindex ? '\n<meta name="robots" content="noindex">' : '';
  const t = pageTexts(language);
  const content = `${avatar}
<h1>${title}</h1>
${model.bio ? `<p class="bio">${escapeHtml(model.bio)}</p>` : ''}
<nav aria-label="${escapeHtml(t('server.hub.links'))}"><ul>
${itemsHtml(model.items, language)}
</ul></nav>`;
  const body = model.sensitive
    ? `<p>${t('server.hub.sensitivePage')}</p>\n<details class="gate"><summary>${t('server.hub.sensitiveContinue')}</summary>\n${content}\n</details>`
    : content;
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer-when-downgrade">
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:type" content="profile">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${escapeHtml(model.pageUrl)}">${image}${robots}
<link rel="icon" href="data:,">
<style>${style}</style></head>
<body><main>
${inTikTok ? banner(model.pageUrl, inTikTok, language) : ''}${body}
</main></body></html>`;
  return { html, csp };
}
