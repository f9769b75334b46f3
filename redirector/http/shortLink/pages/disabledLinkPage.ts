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

/** The 410 answer of a hub whose owner's account is disabled (docs/api.md#the-hub). */
export const DISABLED_HUB_BODY = Buffer.from(
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page disabled</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7fb;color:#1f2937}
main{text-align:center;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#6b7280;margin:0}</style></head>
<body><main><h1>This page has been disabled</h1><p>The account that owns it has been disabled.</p></main></body></html>`,
  'utf8',
);
