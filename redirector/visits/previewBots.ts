/**
 * Link-preview fetchers (docs/api.md#social-previews): the bots that read a page's og: and twitter:
 * tags to draw a card where a link is shared. A link with a preview gets them its card instead of
 * the redirect. Matched on the user agent alone, once per user agent (visitor.ts's memo).
 */
const PREVIEW_BOTS =
  /facebookexternalhit|Facebot|Twitterbot|Slackbot-LinkExpanding|LinkedInBot|Discordbot|WhatsApp\/|TelegramBot|SkypeUriPreview|Pinterestbot|Pinterest\/0\.|redditbot|Embedly|Iframely|Google-PageRenderer|Applebot|vkShare|Mastodon\/|Bluesky Cardyb/i;

export function isPreviewBot(userAgent: string): boolean {
  return PREVIEW_BOTS.test(userAgent);
}
