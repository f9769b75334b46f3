/**
 * A CSV import job with a column mapping (docs/api.md#csv-imports), on both stores: the mapped
 * columns become link fields and the others are left alone, a row without a code gets a random one,
 * bad rows and taken codes are listed, a dry run stores nothing, the same file again creates nothing
 * twice, and a bad mapping or file is a 4xx naming what is wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminScope } from '../../../../redirector/auth/scope';
import type { ImportJob } from '../../../../redirector/contract/imports';
import { adminHeaders, bearer, call, newTeam, newUser } from '../../../helpers/api';
import { linksByCode } from '../../../helpers/apiImports';
import type { TestServer } from '../../../helpers/testServer';
import { holdTakenCode, importWhen } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

const CSV = [
  'Address,Code,Name,Labels,Colour',
  'https://example.com/a,alpha,Alpha,news|spring,red',
  'https://example.com/b,,Bee,,blue',
  'not a url,gamma,,,green',
  'https://example.com/t,taken,,,grey',
].join('\r\n');
const MAPPING = { Address: 'url', Code: 'short_code', Name: 'title', Labels: 'tags' };

async function postCsv(
  server: TestServer,
  query: Record<string, string>,
  csv = CSV,
  type = 'text/csv',
  headers: Record<string, string> = adminHeaders(server.adminKey),
) {
  const response = await fetch(`${server.url}/api/imports/csv?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': type },
    body: csv,
  });
  return { status: response.status, body: (await response.json()) as { import: ImportJob; error?: string } };
}

async function csvImport(server: TestServer, query: Record<string, string> = {}): Promise<ImportJob> {
  const started = await postCsv(server, { mapping: JSON.stringify(MAPPING), ...query });
  expect(started.status).toBe(202);
  return importWhen(server, started.body.import.id);
}

describe.each(STORE_SERVERS)('a CSV import with a mapping on $kind', (store) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await store.start();
    await holdTakenCode(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a dry run answers the counts and stores nothing', async () => {
    const job = await csvImport(server, { dry_run: 'true' });
    expect(job).toMatchObject({
      source: 'csv',
      state: 'done',
      links: { seen: 4, created: 2, skipped: 1, conflicts: 1 },
    });
    expect([...(await linksByCode(server)).keys()]).toEqual(['taken']);
  });

  it('imports the mapped columns, lists what it left out, and creates nothing twice', async () => {
    const job = await csvImport(server);
    expect(job).toMatchObject({ state: 'done', links: { seen: 4, created: 2, skipped: 1, conflicts: 1 } });
    expect(job.errors.map((problem) => problem.ref)).toEqual(['line 4', 'line 5']);
    const links = await linksByCode(server);
    expect(links.get('alpha')).toMatchObject({
      target_url: 'https://example.com/a',
      title: 'Alpha',
      tags: ['news', 'spring'],
    });
    const bee = [...links.values()].find((link) => link.target_url === 'https://example.com/b');
    expect(bee).toMatchObject({ title: 'Bee' });
    expect(bee!.short_code).toMatch(/^[A-Za-z0-9_-]+$/);
    const again = await csvImport(server);
    expect(again).toMatchObject({ state: 'done', links: { seen: 4, created: 0, skipped: 3, conflicts: 1 } });
    expect((await linksByCode(server)).size).toBe(3);
  });

  it("makes a team member's links as theirs: created_by and the audit log name who started the job", async () => {
    const olga = await newUser(server, 'Olga');
    const team = String(await newTeam(server, olga, 'Import Co'));
    const csv = ['Address,Code', 'https://example.com/o,olga-1', 'https://example.com/p,olga-2'].join('\r\n');
    const started = await postCsv(
      server,
      { mapping: JSON.stringify({ Address: 'url', Code: 'short_code' }), team },
      csv,
      'text/csv',
      bearer(olga.token),
    );
    expect(started.status).toBe(202);
    expect(await importWhen(server, started.body.import.id)).toMatchObject({ state: 'done', links: { created: 2 } });
    const links = await call(server, 'GET', `/api/links/user?team=${team}`, { headers: bearer(olga.token) });
    expect(links.status, JSON.stringify(links.body)).toBe(200);
    expect(links.body.links.map((link: { created_by: unknown }) => link.created_by)).toEqual([
      { id: olga.user.id, name: 'Olga' },
      { id: olga.user.id, name: 'Olga' },
    ]);
    const audit = await call(server, 'GET', `/api/audit?team=${team}&action=link.created`, {
      headers: bearer(olga.token),
    });
    expect(audit.body.entries.map((entry: { actor: unknown }) => entry.actor)).toEqual([
      { type: 'user', id: olga.user.id, name: 'Olga' },
      { type: 'user', id: olga.user.id, name: 'Olga' },
    ]);
    // A starter deleted since: the job (were it to go on) acts as the service, not as a user that is gone.
    const job = () => server.store.imports.get(adminScope('sign-in'), started.body.import.id);
    expect((await job())?.started_by).toEqual({ type: 'user', id: olga.user.id, name: 'Olga' });
    // The team keeps an owner (docs/api.md#account-calls): Hal joins as one before Olga goes.
    const hal = await newUser(server, 'Hal');
    const invite = await call(server, 'POST', `/api/teams/invite?team=${team}`, {
      headers: bearer(olga.token),
      body: { email: hal.user.email, role: 'owner' },
    });
    const token = String(invite.body.url).split('/join/')[1];
    expect(
      (await call(server, 'POST', '/api/teams/join', { headers: bearer(hal.token), body: { token } })).status,
    ).toBe(200);
    const gone = await call(server, 'DELETE', `/api/users?id=${olga.user.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(gone.status).toBe(204);
    expect(await job()).toMatchObject({ team_id: Number(team), started_by: null });
  });

  it('refuses a bad mapping or file with a 4xx naming what is wrong', async () => {
    const refusals: [Record<string, string>, string, string, number, RegExp][] = [
      [{ mapping: JSON.stringify({ Name: 'title' }) }, CSV, 'text/csv', 400, /map a column to url/],
      [{ mapping: JSON.stringify({ Nope: 'url' }) }, CSV, 'text/csv', 400, /does not have: Nope/],
      [{ mapping: JSON.stringify({ Address: 'colour' }) }, CSV, 'text/csv', 400, /link fields/],
      [{ mapping: '{' }, CSV, 'text/csv', 400, /mapping must be JSON/],
      [{ mapping: JSON.stringify(MAPPING) }, '"open,quote', 'text/csv', 400, /could not be read/],
      [{ mapping: JSON.stringify(MAPPING) }, 'a\u0000b', 'text/csv', 400, /NUL/],
      [{ mapping: JSON.stringify(MAPPING) }, CSV, 'application/json', 415, /text\/csv/],
      // A dry run asked for in another spelling is refused, never run as a real import.
      [{ mapping: JSON.stringify(MAPPING), dry_run: '1' }, CSV, 'text/csv', 400, /^dry_run must be true or false$/],
      [{ mapping: JSON.stringify(MAPPING), dry_run: 'yes' }, CSV, 'text/csv', 400, /^dry_run must be true or false$/],
    ];
    const before = [...(await linksByCode(server)).keys()];
    for (const [query, csv, type, status, message] of refusals) {
      const answer = await postCsv(server, query, csv, type);
      expect(answer.status).toBe(status);
      expect(answer.body.error).toMatch(message);
    }
    expect([...(await linksByCode(server)).keys()]).toEqual(before);
  });
});
