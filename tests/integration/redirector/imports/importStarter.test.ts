/**
 * An import job makes only the links its starter's own calls could (docs/api.md#imports), on both
 * stores: a member restricted to other domains, or an owner's key restricted so, imports no link
 * onto the default domain (the job ran as the team's owner, and put them there), and an import
 * started by an own-links-only member does not take another member's link as its own. Such a
 * member lists, reads and cancels only the jobs they started (the jobs' list answered 500 to them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../../redirector/contract/imports';
import { bearer, call, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { importWhen } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

const MAPPING = encodeURIComponent(JSON.stringify({ url: 'url', code: 'short_code' }));

async function importCsv(server: TestServer, headers: Record<string, string>, csv: string): Promise<ImportJob> {
  const response = await fetch(`${server.url}/api/imports/csv?mapping=${MAPPING}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'text/csv' },
    body: csv,
  });
  const body = (await response.json()) as { import: ImportJob };
  expect(response.status).toBe(202);
  return importWhen(server, body.import.id);
}

const teamCodes = async (server: TestServer, token: string, team: number) =>
  (await call(server, 'GET', '/api/links/user', { headers: inTeam(token, team) })).body.links.map(
    (link: { short_code: string; created_by: { id: number } | null }) => [link.short_code, link.created_by?.id],
  );

describe.each(STORE_SERVERS)('an import job within its starter’s rights on $kind', (store) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let team: number;

  beforeAll(async () => {
    server = await store.start();
    owner = await newUser(server, 'Owner');
    team = await newTeam(server, owner, 'Importers');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a member restricted to other domains imports nothing onto the default domain', async () => {
    const member = await newUser(server, 'Restricted');
    await joinTeam(server, owner, member, team, { role: 'editor', domains: ['other.example'] });
    const job = await importCsv(server, inTeam(member.token, team), 'url,code\nhttps://example.com/a,restricted1\n');
    expect(job).toMatchObject({ state: 'done', links: { created: 0 } });
    expect(job.errors[0]?.message).toMatch(/^You may not use the domain .+ in this team$/);
    expect(await teamCodes(server, owner.token, team)).toEqual([]);
  });

  it("an owner's key restricted to other domains imports nothing onto the default domain", async () => {
    const made = await call(server, 'POST', `/api/keys?team=${team}`, {
      headers: bearer(owner.token),
      body: { name: 'narrow', scope: 'write', domains: ['other.example'] },
    });
    expect(made.status).toBe(201);
    const job = await importCsv(server, bearer(made.body.secret), 'url,code\nhttps://example.com/k,restricted2\n');
    expect(job).toMatchObject({ state: 'done', links: { created: 0 } });
    expect(job.errors[0]?.message).toMatch(/^You may not use the domain .+ in this team$/);
    expect(await teamCodes(server, owner.token, team)).toEqual([]);
  });

  it("an own-links-only member's import leaves another member's link alone", async () => {
    const held = await call(server, 'POST', '/api/links/create', {
      headers: inTeam(owner.token, team),
      body: { target_url: 'https://example.com/o', short_code: 'ownersown' },
    });
    expect(held.status).toBe(201);
    const member = await newUser(server, 'OwnOnly');
    await joinTeam(server, owner, member, team, { role: 'editor', own_links_only: true });
    const job = await importCsv(server, inTeam(member.token, team), 'url,code\nhttps://example.com/o,ownersown\n');
    expect(job).toMatchObject({ state: 'done', links: { created: 0, conflicts: 1 } });
    expect(await teamCodes(server, member.token, team)).toEqual([]);
  });

  it('an own-links-only member lists, reads and cancels only the imports they started', async () => {
    const member = await newUser(server, 'OwnJobs');
    await joinTeam(server, owner, member, team, { role: 'editor', own_links_only: true });
    const owners = await importCsv(server, inTeam(owner.token, team), 'url,code\nhttps://example.com/p,ownersjob\n');
    const mine = await importCsv(server, inTeam(member.token, team), 'url,code\nhttps://example.com/q,membersjob\n');
    const asMember = (method: string, path: string) =>
      call(server, method, path, { headers: inTeam(member.token, team) });
    const listed = await asMember('GET', '/api/imports');
    expect(listed.status).toBe(200);
    expect(listed.body.imports.map((job: ImportJob) => job.id)).toEqual([mine.id]);
    expect(await asMember('GET', `/api/imports?id=${mine.id}`)).toMatchObject({
      status: 200,
      body: { import: { id: mine.id } },
    });
    expect(await asMember('GET', `/api/imports?id=${owners.id}`)).toMatchObject({ status: 404 });
    expect(await asMember('DELETE', `/api/imports?id=${mine.id}`)).toMatchObject({ status: 409 });
    expect(await asMember('DELETE', `/api/imports?id=${owners.id}`)).toMatchObject({ status: 404 });
    const all = await call(server, 'GET', '/api/imports', { headers: inTeam(owner.token, team) });
    expect(all.body.imports.map((job: ImportJob) => job.id)).toEqual(expect.arrayContaining([mine.id, owners.id]));
  });
});
