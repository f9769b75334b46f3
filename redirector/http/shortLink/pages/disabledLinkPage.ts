import { simplePage } from './simplePage';

/** The 410 answer of a link whose owner's account is disabled: nothing is recorded, nothing indexed. */
export const DISABLED_LINK_BODY = Buffer.from(
  simplePage('Link disabled', 'This link has been disabled', 'The account that owns it has been disabled.'),
  'utf8',
);

export const DISABLED_LINK_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Length': String(DISABLED_LINK_BODY.length),
  // Enabling the account again must bring the link back at once.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
};
