/** A YOURLS database seeded with links, clicks and odd rows, and the import calls the tests make (docs/api.md#imports). */
import type { ImportJob } from '../../redirector/contract/imports';
import { adminHeaders, call } from './api';
import type { TestServer } from './testServer';
import type { YourlsDatabase } from './yourlsDatabase';

export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export async function seedYourls(db: YourlsDatabase): Promise<void> {
  await db.addLinks([
    { keyword: 'home', url: 'https://example.com/home', title: 'Home', timestamp: '2024-01-02 03:04:05' },
    { keyword: 'Docs', url: 'https://example.com/docs' },
    { keyword: 'blog', url: 'https://example.com/blog' },
    { keyword: 'api', url: 'https://example.com/reserved' },
    { keyword: 'a.b', url: 'https://example.com/dotted' },
    { keyword: 'taken', url: 'https://example.com/other' },
  ]);
  await db.addClicks([
    {
      time: '2024-02-01 10:00:00',
      keyword: 'home',
      referrer: 'https://news.example.net/post',
      agent: CHROME,
      country: 'FR',
    },
    { time: '2024-02-02 11:00:00', keyword: 'home', referrer: 'direct', agent: CHROME, country: '' },
    { time: '2024-02-03 12:00:00', keyword: 'home', referrer: '', agent: IPHONE, country: 'ZZ' },
    { time: '2024-02-04 13:00:00', keyword: 'Docs', agent: GOOGLEBOT, country: 'US' },
    { time: '2024-02-05 14:00:00', keyword: 'blog', agent: CHROME, country: 'DE' },
    { time: '2024-02-06 15:00:00', keyword: 'api', agent: CHROME, country: 'DE' },
    { time: '2024-02-07 16:00:00', keyword: 'taken', agent: CHROME, country: 'DE' },
    { time: '2024-02-08 17:00:00', keyword: 'gone', agent: CHROME, country: 'DE' },
  ]);
}

/** POST /api/imports as the administrator. */
export function startImport(server: TestServer, url: string, more: Record<string, unknown> = {}) {
  return call<{ import: ImportJob }>(server, 'POST', '/api/imports', {
    headers: adminHeaders(server.adminKey),
    body: { source: 'yourls', connection: { database_url: url }, ...more },
  });
}

/** The job once `until` holds (by default: once it has ended), read as its progress bar would. */
export async function importWhen(
  server: TestServer,
  id: number,
  until: (job: ImportJob) => boolean = (job) => job.state !== 'queued' && job.state !== 'running',
): Promise<ImportJob> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const answer = await call<{ import: ImportJob }>(server, 'GET', `/api/imports?id=${id}`, {
      headers: adminHeaders(server.adminKey),
    });
    if (until(answer.body.import)) return answer.body.import;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} never got there`);
}

export const FIRST_IMPORT = {
  links: { seen: 6, created: 3, updated: 0, skipped: 2, conflicts: 1 },
  clicks: { seen: 8, imported: 5 },
};

/** The administrator's link holding the code `taken`, which each source also has: the conflict the import tests expect. */
export async function holdTakenCode(server: TestServer): Promise<void> {
  const held = await call(server, 'POST', '/api/links', {
    headers: adminHeaders(server.adminKey),
    body: { target_url: 'https://example.org/mine', short_code: 'taken' },
  });
  if (held.status !== 201) throw new Error(`holding the code "taken" answered ${held.status}`);
}
