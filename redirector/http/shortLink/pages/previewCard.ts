/**
 * The page a link-preview bot gets for a link with a social preview (docs/api.md#social-previews):
 * Open Graph and Twitter card tags, and a meta refresh to where a person would go. No script, no
 * style; every value reaches the page only HTML-escaped, inside attribute values and the title.
 */
import type { PreviewCard } from '../../../visits/visitDecision';
import { escapeHtml } from './bypassPage';

export const PREVIEW_CARD_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'";

function meta(attribute: 'property' | 'name', key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
}

/** `shortUrl`: the link's own short address (og:url); `location`: the destination the page refreshes to. */
export function renderPreviewCard(card: PreviewCard, shortUrl: string, location: string): string {
  const title = card.title || shortUrl;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    ...(card.description === null ? [] : [meta('property', 'og:description', card.description)]),
    ...(card.image === null ? [] : [meta('property', 'og:image', card.image)]),
    meta('property', 'og:url', shortUrl),
    meta('name', 'twitter:card', card.image === null ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', title),
    ...(card.description === null ? [] : [meta('name', 'twitter:description', card.description)]),
    ...(card.image === null ? [] : [meta('name', 'twitter:image', card.image)]),
    ...(card.description === null ? [] : [meta('name', 'description', card.description)]),
  ];
  const address = escapeHtml(location);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${tags.join('\n')}
<meta http-equiv="refresh" content="0; url=${address}">
</head><body><p><a href="${address}">${escapeHtml(title)}</a></p></body></html>
`;
}
