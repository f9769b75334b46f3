/**
 * The domain an imported link goes on (docs/api.md#imports), on both stores, in a team with a
 * verified domain: a row naming that domain goes there, one naming another domain goes on the
 * default domain, one naming none goes where a create without a domain goes, and the warning that a
 * domain was left out comes only where it was. Imports used to put every link on the team's
 * verified domain while telling of each named one that it was "on the default domain".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../../redirector/contract/imports';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, newTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { importWhen } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

/** The team's custom domain, claimed by its owner and verified by the administrator. */
async function verifiedDomain(server: TestServer, owner: { token: string }, team: string, domain: string) {
  const claim = await call(server, 'POST', `/api/user/domain?team=${team}`, {
    headers: bearer(owner.token),
    body: { domain },
  });
  expect(claim.status).toBe(200);
  const verified = await call(server, 'PUT', `/api/domains?domain=${domain}`, {
    headers: adminHeaders(server.adminKey),
    body: { status: 'verified' },
  });
  expect(verified.status).toBe(200);
}

describe.each(STORE_SERVERS)('the domains of an import on $kind', (store) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await store.start();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("keeps the team's verified domain where a row names it, and the default domain for another", async () => {
    const ann = await newUser(server, 'Ann');
    const team = String(await newTeam(server, ann, 'Domain Co'));
    await verifiedDomain(server, ann, team, 'go.domainco.example');
    const csv = [
      'Address,Code,Domain',
      'https://example.com/1,on-ours,GO.domainco.example',
      'https://example.com/2,on-theirs,elsewhere.example',
      'https://example.com/3,on-none,',
    ].join('\r\n');
    const query = new URLSearchParams({
      mapping: JSON.stringify({ Address: 'url', Code: 'short_code', Domain: 'domain' }),
      team,
    });
    const response = await fetch(`${server.url}/api/imports/csv?${query}`, {
      method: 'POST',
      headers: { ...bearer(ann.token), 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(202);
    const job = await importWhen(server, ((await response.json()) as { import: ImportJob }).import.id);
    expect(job).toMatchObject({ state: 'done', links: { seen: 3, created: 3 } });
    expect(job.errors).toEqual([
      {
        ref: 'line 3',
        message: "Its domain elsewhere.example is not this service's: the link is on the default domain",
      },
    ]);
    const links = await call<{ links: Link[] }>(server, 'GET', `/api/links/user?team=${team}`, {
      headers: bearer(ann.token),
    });
    const domains = Object.fromEntries(links.body.links.map((link) => [link.short_code, link.domain]));
    // A row without a domain goes where a create without one goes: the team's verified domain.
    expect(domains).toEqual({ 'on-ours': 'go.domainco.example', 'on-theirs': null, 'on-none': 'go.domainco.example' });
  });
  it("finds taken codes where the link goes: another owner's code on the default domain is free on the team's domain", async () => {
    const ann = await newUser(server, 'Ann');
    const bob = await newUser(server, 'Bob');
    const team = String(await newTeam(server, ann, 'Held Co'));
    await verifiedDomain(server, ann, team, 'go.heldco.example');
    // Bob's code on the default domain; the team's own code on its domain, to another destination.
    const bobs = await call(server, 'POST', '/api/links/create', {
      headers: bearer(bob.token),
      body: { target_url: 'https://example.com/bob', short_code: 'elsewhere' },
    });
    expect(bobs.status).toBe(201);
    const ours = await call<{ link: Link }>(server, 'POST', `/api/links/create?team=${team}`, {
      headers: bearer(ann.token),
      body: { target_url: 'https://example.com/ours', short_code: 'ours' },
    });
    expect(ours.status).toBe(201);
    expect(ours.body.link).toMatchObject({ domain: 'go.heldco.example' });
    const csv = ['Address,Code', 'https://example.com/1,elsewhere', 'https://example.com/2,ours'].join('\r\n');
    const query = new URLSearchParams({
      mapping: JSON.stringify({ Address: 'url', Code: 'short_code' }),
      on_conflict: 'suffix',
      team,
    });
    const response = await fetch(`${server.url}/api/imports/csv?${query}`, {
      method: 'POST',
      headers: { ...bearer(ann.token), 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(202);
    const job = await importWhen(server, ((await response.json()) as { import: ImportJob }).import.id);
    expect(job).toMatchObject({ state: 'done', links: { seen: 2, created: 2, conflicts: 1 } });
    expect(job.errors).toEqual([
      { ref: 'line 3', message: 'The short code is taken by another link: imported as ours-2' },
    ]);
    const links = await call<{ links: Link[] }>(server, 'GET', `/api/links/user?team=${team}`, {
      headers: bearer(ann.token),
    });
    const where = Object.fromEntries(links.body.links.map((link) => [link.short_code, [link.domain, link.target_url]]));
    expect(where).toEqual({
      ours: ['go.heldco.example', 'https://example.com/ours'],
      elsewhere: ['go.heldco.example', 'https://example.com/1'],
      'ours-2': ['go.heldco.example', 'https://example.com/2'],
    });
  });
});
