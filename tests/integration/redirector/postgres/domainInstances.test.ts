/**
 * Two instances on one PostgreSQL database (docs/api.md#custom-domains): a domain verified or taken
 * away through one, and a link moved between domains through one, are seen by the other within 1 s.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { asTestServer, type PostgresTestServer, twoServersOnOneSchema } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { UA } from '../../../helpers/visitors';
import { waitFor } from '../../../helpers/webhookReceiver';

const WITHIN_MS = 1000;

/** Waits until `check` holds, polling every 10 ms; fails after WITHIN_MS. */
const within = (check: () => Promise<boolean>) => waitFor(check, WITHIN_MS, `a change seen within ${WITHIN_MS} ms`, 10);

describe('custom domains across two instances', () => {
  const instances = twoServersOnOneSchema({ PUBLIC_URL: 'https://me.example.com' });
  const allowedOn = async (server: PostgresTestServer, host: string) =>
    (await call(asTestServer(server), 'GET', `/api/domains/allowed?domain=${host}`)).status;
  const visit = (server: PostgresTestServer, host: string, path: string) =>
    request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': UA.desktopChrome } });

  it('sees a verification, a moved link and a removal made through the other instance within 1 s', async () => {
    const { a, b } = instances;
    const alice = await newUser(asTestServer(a), 'Alice');
    await call(asTestServer(a), 'POST', '/api/user/domain', {
      headers: bearer(alice.token),
      body: { domain: 'go.alice.test' },
    });
    const created = await call(asTestServer(a), 'POST', '/api/links/create', {
      headers: bearer(alice.token),
      body: { target_url: 'https://alice.example/', short_code: 'hop' },
    });
    expect(created.body.link.domain).toBeNull();
    // B has read the domains (unverified) and cached the miss on the default domain's host.
    expect(await allowedOn(b, 'go.alice.test')).toBe(404);
    expect((await visit(b, 'go.alice.test', '/hop')).status).toBe(302);

    const verified = await call(asTestServer(a), 'PUT', '/api/domains?domain=go.alice.test', {
      headers: adminHeaders(a.adminKey),
      body: { status: 'verified' },
    });
    expect(verified.status).toBe(200);
    await within(async () => (await allowedOn(b, 'go.alice.test')) === 200);
    await within(async () => (await visit(b, 'go.alice.test', '/api/config')).status === 404);

    // Moved onto the domain through A: B serves it there, and no longer on the default domain.
    const moved = await call(asTestServer(a), 'PUT', `/api/links/update?linkId=${created.body.link.id}`, {
      headers: bearer(alice.token),
      body: { domain: 'go.alice.test' },
    });
    expect(moved.body.link.short_url).toBe('https://go.alice.test/hop');
    await within(async () => (await visit(b, 'me.example.com', '/hop')).status === 404);
    expect((await visit(b, 'go.alice.test', '/hop')).headers.location).toBe('https://alice.example/');

    const removed = await call(asTestServer(a), 'DELETE', '/api/domains?domain=go.alice.test', {
      headers: adminHeaders(a.adminKey),
    });
    expect(removed.status).toBe(200);
    await within(async () => (await allowedOn(b, 'go.alice.test')) === 404);
    // Back on the default domain (its code was free there), as B serves it.
    await within(async () => (await visit(b, 'me.example.com', '/hop')).status === 302);
  });
});
