/**
 * A domain's fallbacks and `.well-known` documents (docs/api.md#domain-fallbacks-and-well-known-documents)
 * and orphan visits (docs/api.md#orphan-visits), on both stores: the documents are served byte for
 * byte as application/json on their custom domain (and the default domain's on it), never a
 * redirect and never counted; the root, an unknown code, an expired and a turned-off link go to the
 * domain's fallback with a 302; each such visit is counted, bots left out; bad settings are 400, past the
 * body limit 413; a custom domain keeps its verification when its settings change; a link before its
 * start keeps its own page and a published hub wins the root, neither a fallback nor counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { request } from '../../../helpers/rawRequest';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from './bothStores';

const DOMAIN = 'go.fallback.test';
// Spacing and key order kept as given: served byte for byte, not re-serialised.
const AASA =
  '{"applinks": {"details": [{"appIDs": ["ABCDE.com.example.app"], "paths": ["*"]}]},  "webcredentials":{}}\n';
const ASSET_LINKS =
  '[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example","sha256_cert_fingerprints":["AB:CD"]}}]';

describe.each(STORE_SERVERS)('domain fallbacks and documents ($kind)', ({ start }) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  const admin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { headers: adminHeaders(server.adminKey), body });
  const setDomain = (body: Record<string, unknown>) =>
    call(server, 'POST', '/api/user/domain', { headers: bearer(owner.token), body: { domain: DOMAIN, ...body } });
  const visit = (host: string, path: string, agent: string = UA.desktopChrome, headers: Record<string, string> = {}) =>
    request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': agent, ...headers } });
  const orphans = (query: string, headers: Record<string, string> = bearer(owner.token)) =>
    call(server, 'GET', `/api/analytics/orphans?${query}`, { headers });

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com', DNS_SERVERS: '127.0.0.1:9' });
    owner = await newUser(server, 'Owner');
    expect((await setDomain({})).status).toBe(200);
    expect((await admin('PUT', `/api/domains?domain=${DOMAIN}`, { status: 'verified' })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('serves a custom domain’s documents byte for byte, never a redirect, and keeps it verified', async () => {
    const set = await setDomain({
      apple_app_site_association: AASA,
      asset_links: ASSET_LINKS,
      not_found_url: 'https://shop.example.org/missing',
    });
    expect(set.status).toBe(200);
    expect(set.body.verification.status).toBe('verified');
    expect(set.body.settings).toMatchObject({ apple_app_site_association: AASA, asset_links: ASSET_LINKS });
    expect((await call(server, 'GET', '/api/user/domain', { headers: bearer(owner.token) })).body.settings).toEqual({
      root_url: null,
      not_found_url: 'https://shop.example.org/missing',
      expired_url: null,
      apple_app_site_association: AASA,
      asset_links: ASSET_LINKS,
    });
    for (const [path, text] of [
      ['/.well-known/apple-app-site-association', AASA],
      ['/.well-known/assetlinks.json', ASSET_LINKS],
    ] as const) {
      const answer = await visit(DOMAIN, path);
      expect([answer.status, answer.headers['content-type'], answer.body]).toEqual([200, 'application/json', text]);
      expect(answer.headers.location).toBeUndefined();
    }
    // Neither document counts as an orphan visit, though the domain has a not-found fallback.
    expect((await orphans(`domain=${DOMAIN}`)).body.total).toBe(0);
    // The default domain has none yet: its paths are not the custom domain's.
    expect((await visit('me.example.com', '/.well-known/assetlinks.json')).status).toBe(404);
  });

  it('serves the default domain’s documents, set by the administrator', async () => {
    expect((await admin('PUT', '/api/settings', { asset_links: ASSET_LINKS })).status).toBe(200);
    const answer = await visit('me.example.com', '/.well-known/assetlinks.json');
    expect([answer.status, answer.headers['content-type'], answer.body]).toEqual([
      200,
      'application/json',
      ASSET_LINKS,
    ]);
    expect((await admin('GET', '/api/settings')).body.asset_links).toBe(ASSET_LINKS);
    expect((await call(server, 'PUT', '/api/settings', { headers: bearer(owner.token), body: {} })).status).toBe(401);
  });

  it('refuses a document that is not JSON, too long, or past the body limit, and a fallback that loops', async () => {
    expect((await setDomain({ asset_links: '{not json' })).status).toBe(400);
    expect(
      (await admin('PUT', '/api/settings', { apple_app_site_association: `"${'x'.repeat(60_000)}"` })).status,
    ).toBe(400);
    const huge = `"${'x'.repeat(70 * 1024)}"`; // past BODY_LIMIT (64 KiB)
    expect((await admin('PUT', '/api/settings', { asset_links: huge })).status).toBe(413);
    expect((await admin('PUT', '/api/settings', { not_found_url: 'https://me.example.com/elsewhere' })).status).toBe(
      400,
    );
    expect((await setDomain({ root_url: `https://${DOMAIN}/x` })).status).toBe(400);
    expect((await setDomain({ root_url: 'javascript:alert(1)' })).status).toBe(400);
    // Nothing changed.
    expect((await visit(DOMAIN, '/.well-known/assetlinks.json')).body).toBe(ASSET_LINKS);
  });

  it('sends the root, unknown codes and expired links to the fallbacks, counting people, not bots', async () => {
    expect(
      (
        await setDomain({
          root_url: 'https://shop.example.org/',
          not_found_url: 'https://shop.example.org/missing',
          expired_url: 'https://shop.example.org/ended',
        })
      ).status,
    ).toBe(200);
    const expired = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: {
        target_url: 'https://example.org/',
        short_code: 'gone',
        domain: DOMAIN,
        expires_at: '2020-01-01T00:00:00Z',
      },
    });
    expect(expired.status).toBe(201);
    const root = await visit(DOMAIN, '/', UA.desktopChrome, { Referer: 'https://news.example/story' });
    expect([root.status, root.headers.location]).toEqual([302, 'https://shop.example.org/']);
    const unknown = await visit(DOMAIN, '/nope');
    expect([unknown.status, unknown.headers.location]).toEqual([302, 'https://shop.example.org/missing']);
    expect((await visit(DOMAIN, '/nope')).status).toBe(302);
    const ended = await visit(DOMAIN, '/gone');
    expect([ended.status, ended.headers.location]).toEqual([302, 'https://shop.example.org/ended']);
    const off = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: { target_url: 'https://example.org/', short_code: 'off', domain: DOMAIN, enabled: false },
    });
    expect(off.status).toBe(201);
    const turnedOff = await visit(DOMAIN, '/off');
    expect([turnedOff.status, turnedOff.headers.location]).toEqual([302, 'https://shop.example.org/ended']);
    const bot = await visit(DOMAIN, '/nope', UA.googlebot);
    expect([bot.status, bot.headers.location]).toEqual([302, 'https://shop.example.org/missing']);

    const report = await orphans(`domain=${DOMAIN}`);
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      total: 5,
      by_kind: { root: 1, not_found: 2, expired: 2 },
      top_paths: [
        { path: '/nope', visits: 2 },
        { path: '/', visits: 1 },
        { path: '/gone', visits: 1 },
        { path: '/off', visits: 1 },
      ],
    });
    // Another account sees nothing of it; the administrator does.
    const stranger = await newUser(server, 'Stranger');
    expect((await orphans(`domain=${DOMAIN}`, bearer(stranger.token))).status).toBe(404);
    expect((await orphans(`domain=${DOMAIN}`, adminHeaders(server.adminKey))).body.total).toBe(5);
    // A range before today has none.
    expect((await orphans(`domain=${DOMAIN}&from=2020-01-01&to=2020-01-31`)).body.total).toBe(0);
  });

  it('forwards an expired or turned-off link’s query to the domain’s expired_url as the link’s own would be', async () => {
    const ended = await visit(DOMAIN, '/gone?utm_source=nl&b=2');
    expect([ended.status, ended.headers.location]).toEqual([302, 'https://shop.example.org/ended?utm_source=nl&b=2']);
    const turnedOff = await visit(DOMAIN, '/off?utm_source=nl');
    expect([turnedOff.status, turnedOff.headers.location]).toEqual([
      302,
      'https://shop.example.org/ended?utm_source=nl',
    ]);
    const kept = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: {
        target_url: 'https://example.org/',
        short_code: 'kept',
        domain: DOMAIN,
        expires_at: '2020-01-01T00:00:00Z',
        forward_query: false,
      },
    });
    expect(kept.status).toBe(201);
    const notForwarded = await visit(DOMAIN, '/kept?utm_source=nl');
    expect([notForwarded.status, notForwarded.headers.location]).toEqual([302, 'https://shop.example.org/ended']);
    // An unknown code has no link to say so: its fallback is the address as it is.
    const unknown = await visit(DOMAIN, '/nope?utm_source=nl');
    expect([unknown.status, unknown.headers.location]).toEqual([302, 'https://shop.example.org/missing']);
  });

  it('keeps the page of a link not started yet and lets a published hub win the root, neither counted', async () => {
    expect(
      (await setDomain({ root_url: 'https://shop.example.org/', expired_url: 'https://shop.example.org/ended' }))
        .status,
    ).toBe(200);
    const before = (await orphans(`domain=${DOMAIN}`)).body.total;
    const later = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: {
        target_url: 'https://example.org/',
        short_code: 'later',
        domain: DOMAIN,
        starts_at: '2999-01-01T00:00:00Z',
      },
    });
    expect(later.status).toBe(201);
    const early = await visit(DOMAIN, '/later');
    expect([early.status, early.headers.location]).toEqual([404, undefined]);
    expect(early.body).toContain('This link is not active yet');
    const hub = await call(server, 'PUT', '/api/hub', {
      headers: bearer(owner.token),
      body: { handle: 'fallback-owner', title: 'Owner’s links', published: true, links: [] },
    });
    expect(hub.status).toBe(200);
    const root = await visit(DOMAIN, '/');
    expect([root.status, root.headers.location]).toEqual([200, undefined]);
    expect(root.body).toContain('Owner’s links');
    expect((await orphans(`domain=${DOMAIN}`)).body.total).toBe(before);
  });

  it('sends the default domain’s unknown codes to its fallback; its root stays the app', async () => {
    expect((await admin('PUT', '/api/settings', { not_found_url: 'https://about.example.org/' })).status).toBe(200);
    const unknown = await visit('me.example.com', '/no-such-code');
    expect([unknown.status, unknown.headers.location]).toEqual([302, 'https://about.example.org/']);
    expect((await visit('me.example.com', '/')).status).not.toBe(302);
    const report = await orphans('', adminHeaders(server.adminKey));
    expect(report.body).toMatchObject({
      total: 1,
      by_kind: { not_found: 1 },
      top_paths: [{ path: '/no-such-code', visits: 1 }],
    });
    // Removed: the 404 page again.
    expect((await admin('PUT', '/api/settings', { not_found_url: null })).body.not_found_url).toBeNull();
    expect((await visit('me.example.com', '/no-such-code')).status).toBe(404);
  });

  it('takes a domain’s settings with its claim: set before verification, they hold once it is verified; given to another account, they go', async () => {
    const other = 'go.passed-on.test';
    const first = await newUser(server, 'First');
    const second = await newUser(server, 'Second');
    const claim = (token: string, body: Record<string, unknown> = {}) =>
      call(server, 'POST', '/api/user/domain', { headers: bearer(token), body: { domain: other, ...body } });
    expect(
      (await claim(first.token, { asset_links: '["first"]', not_found_url: 'https://first.example.org/' })).status,
    ).toBe(200);
    expect((await admin('PUT', `/api/domains?domain=${other}`, { status: 'verified' })).status).toBe(200);
    // At once, on the instance that verified it (no store notification on SQLite).
    expect((await visit(other, '/.well-known/assetlinks.json')).body).toBe('["first"]');
    expect((await visit(other, '/nothing-here')).headers.location).toBe('https://first.example.org/');
    expect((await call(server, 'DELETE', '/api/user/domain', { headers: bearer(first.token) })).status).toBe(200);
    expect((await claim(second.token)).status).toBe(200);
    expect((await admin('PUT', `/api/domains?domain=${other}`, { status: 'verified' })).status).toBe(200);
    // The second owner's domain answers with its own settings (none), never the first's.
    expect((await visit(other, '/.well-known/assetlinks.json')).status).toBe(404);
    const unknown = await visit(other, '/nothing-here');
    expect([unknown.status, unknown.headers.location]).toEqual([404, undefined]);
  });
});
