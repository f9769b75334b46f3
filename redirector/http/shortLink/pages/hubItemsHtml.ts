/**
 * The hub page's items as HTML (docs/api.md#hub-items): links as plain `<a href>`s, headings,
 * texts, dividers, and rows of social icons drawn inline from the bundled set (no request, each
 * with its accessible name). A sensitive item's button sits behind a `<details>` step: no script.
 * Every text and address is escaped here.
 */
import type { SocialEntry } from '../../../contract/hubItems';
import { SOCIAL_ICONS } from '../../../hubs/socialIcons';
import { escapeHtml } from './bypassPage';
import { type PageTexts, pageTexts } from './pageLanguage';

export type HubPageItem = (
  | { type: 'link'; text: string; href: string }
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'divider' }
  | { type: 'social'; socials: readonly SocialEntry[] }
) & { highlight: boolean; sensitive: boolean };

export const ITEMS_STYLE = `a.link.hl{box-shadow:0 0 0 4px var(--accent);font-size:1.1rem}
h2.heading{font-size:1.15rem;margin:1rem 0 0;color:var(--fg)}
p.text{margin:0;color:var(--fg);line-height:1.5;white-space:pre-line}
hr{border:0;border-top:2px solid var(--muted);margin:.5rem 0;width:100%}
ul.socials{display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem}
a.social{display:flex;align-items:center;justify-content:center;width:48px;height:48px;border-radius:50%;
color:var(--fg);border:2px solid transparent}
a.social.hl{border-color:var(--fg)}
a.social:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
a.social svg{width:28px;height:28px;fill:currentColor}
details.sensitive>summary{cursor:pointer;padding:.95rem 1rem;border-radius:.75rem;border:2px dashed var(--fg);
color:var(--fg);font-weight:600;list-style:none}
details.sensitive>summary::-webkit-details-marker{display:none}
details.sensitive[open]>summary{margin-bottom:.75rem}
details.gate>summary{display:inline-block;cursor:pointer;margin:1.5rem 0;padding:.95rem 1.5rem;border-radius:.75rem;
background:var(--accent);color:var(--on-accent);border:2px solid var(--fg);font-weight:600}
details.gate[open]>summary{display:none}`;

function socialRow(socials: readonly SocialEntry[], highlight: boolean, t: PageTexts): string {
  const cls = highlight ? 'social hl' : 'social';
  const icons = socials.map(({ platform, url }) => {
    const icon = SOCIAL_ICONS[platform];
    // A brand keeps its name; "Email" is a word, said in the page's language.
    const name = platform === 'email' ? t('common.email') : icon.title;
    return (
      `<li><a class="${cls}" href="${escapeHtml(url)}" rel="me noopener" aria-label="${escapeHtml(name)}">` +
      `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${icon.path}"/></svg></a></li>`
    );
  });
  return `<ul class="socials">${icons.join('')}</ul>`;
}

/** One item's inner HTML. */
function itemHtml(item: HubPageItem, t: PageTexts): string {
  switch (item.type) {
    case 'link':
      return `<a class="${item.highlight ? 'link hl' : 'link'}" href="${escapeHtml(item.href)}">${escapeHtml(item.text)}</a>`;
    case 'heading':
      return `<h2 class="heading">${escapeHtml(item.text)}</h2>`;
    case 'text':
      return `<p class="text">${escapeHtml(item.text)}</p>`;
    case 'divider':
      return '<hr>';
    default:
      return socialRow(item.socials, item.highlight, t);
  }
}

/** The items as the list's `<li>`s, a sensitive one behind its step. */
export function itemsHtml(items: readonly HubPageItem[], language: string): string {
  const t = pageTexts(language);
  return items
    .map((item) => {
      const inner = itemHtml(item, t);
      if (!item.sensitive) return `<li>${inner}</li>`;
      const label = item.type === 'link' ? `${escapeHtml(item.text)} · ` : '';
      return `<li><details class="sensitive"><summary>${label}${t('server.hub.sensitiveContinue')}</summary>${inner}</details></li>`;
    })
    .join('\n');
}
