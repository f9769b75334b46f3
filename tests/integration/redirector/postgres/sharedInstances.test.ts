/**
 * Two instances on one PostgreSQL database: a share revoked through one answers 404 on the other at
 * once (docs/api.md#shared-stats: shares are never cached), and a domain's settings changed through
 * one are served by the other once migration 36's trigger has told it
 * (docs/api.md#domain-fallbacks-and-well-known-documents).
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { asTestServer, type PostgresTestServer, twoServersOnOneSchema } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { UA } from '../../../helpers/visitors';
import { waitFor } from '../../../helpers/webhookReceiver';

const until = (check: () => Promise<boolean>) => waitFor(check, 5000, 'the other instance to hear the change', 10);
const DOC = '{"applinks":{"details":[]}}';

describe('shares and domain settings across two instances', () => {
  const instances = twoServersOnOneSchema({ PUBLIC_URL: 'https://me.example.com' });
  const visit = (server: PostgresTestServer, host: string, path: string) =>
    request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': UA.desktopChrome } });

  it('answers 404 on B at once for a share revoked on A', async () => {
    const { a, b } = instances;
    const admin = { headers: adminHeaders(a.adminKey) };
    const link = await call(asTestServer(a), 'POST', '/api/links', {
      ...admin,
      body: { target_url: 'https://example.org/' },
    });
    const made = await call(asTestServer(a), 'POST', `/api/links/share?id=${link.body.id}`, { ...admin, body: {} });
    const path = new URL(made.body.share.url).pathname;
    expect((await visit(b, 'me.example.com', path)).status).toBe(200);
    const revoked = await call(
      asTestServer(a),
      'DELETE',
      `/api/links/share?id=${link.body.id}&share=${made.body.share.id}`,
      admin,
    );
    expect(revoked.status).toBe(204);
    expect((await visit(b, 'me.example.com', path)).status).toBe(404);
  });

  it('serves on B the documents and fallbacks set on A', async () => {
    const { a, b } = instances;
    const admin = { headers: adminHeaders(a.adminKey) };
    const owner = await newUser(asTestServer(a), 'Owner');
    await call(asTestServer(a), 'POST', '/api/user/domain', {
      headers: bearer(owner.token),
      body: { domain: 'go.two.test' },
    });
    expect(
      (
        await call(asTestServer(a), 'PUT', '/api/domains?domain=go.two.test', {
          ...admin,
          body: { status: 'verified' },
        })
      ).status,
    ).toBe(200);
    await until(async () => (await visit(b, 'go.two.test', '/nope')).status === 404);
    const set = await call(asTestServer(a), 'POST', '/api/user/domain', {
      headers: bearer(owner.token),
      body: { domain: 'go.two.test', apple_app_site_association: DOC, not_found_url: 'https://two.example.org/' },
    });
    expect(set.status).toBe(200);
    await until(async () => (await visit(b, 'go.two.test', '/.well-known/apple-app-site-association')).body === DOC);
    expect((await visit(b, 'go.two.test', '/nope')).headers.location).toBe('https://two.example.org/');
    expect((await call(asTestServer(a), 'PUT', '/api/settings', { ...admin, body: { asset_links: DOC } })).status).toBe(
      200,
    );
    await until(async () => (await visit(b, 'me.example.com', '/.well-known/assetlinks.json')).body === DOC);
  });
});
