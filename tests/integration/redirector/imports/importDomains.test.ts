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
    const claim = await call(server, 'POST', `/api/user/domain?team=${team}`, {
      headers: bearer(ann.token),
      body: { domain: 'go.domainco.example' },
    });
    expect(claim.status).toBe(200);
    const verified = await call(server, 'PUT', '/api/domains?domain=go.domainco.example', {
      headers: adminHeaders(server.adminKey),
      body: { status: 'verified' },
    });
    expect(verified.status).toBe(200);
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
});
