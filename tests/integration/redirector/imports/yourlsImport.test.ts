/**
 * Imports from YOURLS (docs/api.md#imports) against a real MariaDB holding YOURLS' own tables, on
 * both stores: links and every click with its time, country, referrer and device; odd rows (empty
 * and "direct" referrers, unknown countries, bots, keywords Me refuses, a code held by another
 * link, clicks of links that are not there); an audit entry for each link brought in; a dry run
 * that stores nothing; re-imports that add only what is new; imported clicks that never reach the
 * webhooks' and streams' feed; a user's import refused a source on this network.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminScope } from '../../../../redirector/auth/scope';
import type { ImportJob } from '../../../../redirector/contract/imports';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, newTeam, newUser } from '../../../helpers/api';
import { yourlsSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import type { YourlsDatabase } from '../../../helpers/yourlsDatabase';
import { CHROME, FIRST_IMPORT, holdTakenCode, importWhen, startImport } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

async function linksByCode(server: TestServer): Promise<Map<string, Link>> {
  const answer = await call<Link[]>(server, 'GET', '/api/links?per_page=200', {
    headers: adminHeaders(server.adminKey),
  });
  return new Map(answer.body.map((link) => [link.short_code, link]));
}

describe.each(STORE_SERVERS)('a YOURLS import on $kind', (store) => {
  let server: TestServer;
  let yourls: YourlsDatabase;

  yourlsSuite(store.start, (p) => ({ yourls, server } = p));
  beforeAll(() => holdTakenCode(server));

  it('a dry run answers the counts and stores nothing', async () => {
    const started = await startImport(server, yourls.url, { dry_run: true });
    expect(started.status).toBe(202);
    expect(started.body.import).toMatchObject({ source: 'yourls', dry_run: true, state: 'queued' });
    expect(JSON.stringify(started.body)).not.toContain('database_url');
    const job = await importWhen(server, started.body.import.id);
    expect(job).toMatchObject({ state: 'done', ...FIRST_IMPORT });
    expect([...(await linksByCode(server)).keys()]).toEqual(['taken']);
  });

  it('imports the links and their clicks, lists what it left out, and keeps imported clicks out of the feed', async () => {
    const started = await startImport(server, yourls.url);
    const job = await importWhen(server, started.body.import.id);
    expect(job).toMatchObject({ state: 'done', dry_run: false, ...FIRST_IMPORT });
    expect(job.errors.map((problem) => problem.ref).sort()).toEqual(['a.b', 'api', 'taken']);
    expect(job.started_at).not.toBeNull();
    expect(job.finished_at).not.toBeNull();

    const links = await linksByCode(server);
    expect([...links.keys()].sort()).toEqual(['Docs', 'blog', 'home', 'taken']);
    // Each link the job brought in has its audit entry, written with its insert (docs/api.md#audit-log).
    const audit = await call(server, 'GET', '/api/audit?action=link.created&per_page=100', {
      headers: adminHeaders(server.adminKey),
    });
    const imported = ['Docs', 'blog', 'home'].map((code) => String(links.get(code)!.id));
    expect(
      audit.body.entries
        .filter((entry: { target: { id: string } }) => imported.includes(entry.target.id))
        .map((entry: { target: { label: string }; actor: { type: string } }) => [entry.target.label, entry.actor.type])
        .sort(),
    ).toEqual([
      ['Docs', 'admin'],
      ['blog', 'admin'],
      ['home', 'admin'],
    ]);
    expect(links.get('taken')!.target_url).toBe('https://example.org/mine');
    const home = links.get('home')!;
    expect(home).toMatchObject({ target_url: 'https://example.com/home', title: 'Home', total_clicks: 3 });
    expect(home.created_at).toBe('2024-01-02T03:04:05.000Z');

    const clicks = await server.store.clicks.listByLink(home.id);
    expect(
      clicks.map(({ clicked_at, country, referrer_source, device_type, browser, is_bot, imported }) => ({
        clicked_at,
        country,
        referrer_source,
        device_type,
        browser,
        is_bot,
        imported,
      })),
    ).toEqual([
      {
        clicked_at: Date.parse('2024-02-01T10:00:00Z'),
        country: 'FR',
        referrer_source: 'news.example.net',
        device_type: 'web',
        browser: 'Chrome',
        is_bot: false,
        imported: true,
      },
      {
        clicked_at: Date.parse('2024-02-02T11:00:00Z'),
        country: 'XX',
        referrer_source: null,
        device_type: 'web',
        browser: 'Chrome',
        is_bot: false,
        imported: true,
      },
      {
        clicked_at: Date.parse('2024-02-03T12:00:00Z'),
        country: 'XX',
        referrer_source: null,
        device_type: 'ios',
        browser: 'Mobile Safari',
        is_bot: false,
        imported: true,
      },
    ]);
    const [docsClick] = await server.store.clicks.listByLink(links.get('Docs')!.id);
    expect(docsClick).toMatchObject({ is_bot: true, country: 'US', imported: true });

    const feed = () => server.store.events.feed.clicksAfter({ after: 0, scope: adminScope('sign-in'), limit: 100 });
    expect(await feed()).toEqual([]);
    const visit = await fetch(`${server.url}/home`, { redirect: 'manual', headers: { 'User-Agent': CHROME } });
    expect(visit.status).toBe(302);
    await server.app.services.clickRecorder.flush();
    expect((await feed()).map((click) => click.short_code)).toEqual(['home']);
  });

  it('a re-import adds only what is new', async () => {
    const again = await importWhen(server, (await startImport(server, yourls.url)).body.import.id);
    expect(again).toMatchObject({
      state: 'done',
      links: { seen: 6, created: 0, updated: 0, skipped: 5, conflicts: 1 },
      clicks: { seen: 0, imported: 0 },
    });
    await yourls.addLinks([{ keyword: 'fresh', url: 'https://example.com/fresh' }]);
    await yourls.addClicks([
      { time: '2024-03-01 09:00:00', keyword: 'fresh', agent: CHROME, country: 'ES' },
      { time: '2024-03-02 09:00:00', keyword: 'home', agent: CHROME, country: 'ES' },
    ]);
    const third = await importWhen(server, (await startImport(server, yourls.url)).body.import.id);
    expect(third).toMatchObject({
      state: 'done',
      links: { seen: 7, created: 1, skipped: 5, conflicts: 1 },
      clicks: { seen: 2, imported: 2 },
    });
    const links = await linksByCode(server);
    // Three imported, one live visit (the test above), one new in YOURLS.
    expect(links.get('home')!.total_clicks).toBe(5);
    expect(links.get('fresh')!.total_clicks).toBe(1);
    const list = await call<{ imports: ImportJob[] }>(server, 'GET', '/api/imports', {
      headers: adminHeaders(server.adminKey),
    });
    expect(list.body.imports.map((job) => job.dry_run)).toEqual([false, false, false, true]);
  });

  it("refuses a user's import of a source on this network, and bad input, with 400", async () => {
    const user = await newUser(server);
    const refused = await call(server, 'POST', '/api/imports', {
      headers: bearer(user.token),
      body: { source: 'yourls', connection: { database_url: yourls.url } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/loopback, private/);
    for (const body of [
      { source: 'nope', connection: {} },
      { source: 'yourls', connection: { database_url: 'http://example.com/x' } },
      { source: 'yourls', connection: { database_url: yourls.url, prefix: 'x;DROP' } },
      { source: 'yourls', connection: { database_url: yourls.url }, options: { on_conflict: 'overwrite' } },
    ]) {
      const answer = await call(server, 'POST', '/api/imports', { headers: adminHeaders(server.adminKey), body });
      expect(answer.status).toBe(400);
    }
    // A body without a known source names the source first, whatever else it lacks.
    for (const body of [{}, { source: '__proto__' }, { source: 'nope', connection: null }]) {
      const answer = await call(server, 'POST', '/api/imports', { headers: adminHeaders(server.adminKey), body });
      expect([answer.status, answer.body.error]).toEqual([
        400,
        'source must be one of: yourls, kutt, shlink, bitly, csv',
      ]);
    }
    const missing = await call(server, 'GET', '/api/imports?id=999999', { headers: bearer(user.token) });
    expect(missing.status).toBe(404);
  });

  it('lets the administrator import a source on this network into a team it names, as into its own links', async () => {
    const user = await newUser(server);
    const teamId = await newTeam(server, user, 'Imported Co');
    const started = await call(server, 'POST', `/api/imports?team=${teamId}`, {
      headers: adminHeaders(server.adminKey),
      body: { source: 'yourls', connection: { database_url: yourls.url }, dry_run: true },
    });
    expect([started.status, started.body.error]).toEqual([202, undefined]);
    const job = await importWhen(server, started.body.import.id);
    expect(job.state).toBe('done');
    expect(job.links.seen).toBeGreaterThan(0);
    expect(JSON.stringify(job.errors)).not.toMatch(/private|could not be read/);
  });
});
