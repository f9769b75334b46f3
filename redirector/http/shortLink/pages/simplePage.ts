/**
 * The look of the server's small pages (404, 410): one style, light or dark as the visitor's
 * system prefers (docs/api.md#themes), every text at a contrast of 4.5:1 or more.
 */
export const SIMPLE_PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7fb;color:#1f2937}\n' +
  'main{text-align:center;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#4b5563;margin:0}\n' +
  '@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e6e8ee}p{color:#b4bac6}}';

/** A whole page with a title and one paragraph, in `language` (its texts are trusted HTML). */
export function simplePage(language: string, title: string, heading: string, text: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style>${SIMPLE_PAGE_STYLE}</style></head>
<body><main><h1>${heading}</h1><p>${text}</p></main></body></html>`;
}
