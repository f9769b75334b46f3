/** The small HTML page for an unknown short code or path. */
export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link not found</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7fb;color:#1f2937}
main{text-align:center;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#6b7280;margin:0}</style></head>
<body><main><h1>Link not found</h1><p>This short link does not exist or was deleted.</p></main></body></html>`;
}
