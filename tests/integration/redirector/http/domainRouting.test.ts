/**
 * Routing by host (docs/api.md#custom-domains), on both stores: a verified custom domain answers its
 * owner's short links (its own code space first, then the owner's default-domain codes) and nothing
 * else; every other host is the default domain, whose short links have no domain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, createLink, newUser } from '../../../helpers/api';
import { request } from '../../../helpers/rawRequest';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('routing by host ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof newUser>>;
  let bob: Awaited<ReturnType<typeof newUser>>;
  let carol: Awaited<ReturnType<typeof newUser>>;
  const create = (token: string, body: Record<string, unknown>) =>
    call(server, 'POST', '/api/links/create', { headers: bearer(token), body });
  /** GET `path` as a browser on `host` would send it. */
  const visit = (host: string, path: string, headers: Record<string, string> = {}) =>
    request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': UA.desktopChrome, ...headers } });

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com', DNS_SERVERS: '127.0.0.1:9' });
    alice = await newUser(server, 'Alice');
    bob = await newUser(server, 'Bob');
    carol = await newUser(server, 'Carol');
    // Links made before the domains existed stay on the default domain.
    expect((await create(alice.token, { target_url: 'https://old.alice.example/', short_code: 'old' })).status).toBe(
      201,
    );
    for (const [user, domain] of [
      [alice, 'go.alice.test'],
      [bob, 'go.bob.test'],
      [carol, 'go.carol.test'],
    ] as const) {
      await call(server, 'POST', '/api/user/domain', { headers: bearer(user.token), body: { domain } });
    }
    for (const domain of ['go.alice.test', 'go.bob.test']) {
      const verified = await call(server, 'PUT', `/api/domains?domain=${domain}`, {
        headers: adminHeaders(server.adminKey),
        body: { status: 'verified' },
      });
      expect(verified.status).toBe(200);
    }
    expect((await create(alice.token, { target_url: 'https://alice.example/', short_code: 'twin' })).status).toBe(201);
    expect((await create(bob.token, { target_url: 'https://bob.example/', short_code: 'twin' })).status).toBe(201);
    expect((await create(bob.token, { target_url: 'https://bob.example/own', short_code: 'bobs' })).status).toBe(201);
    const onDefault = await create(carol.token, { target_url: 'https://carol.example/', short_code: 'plain' });
    expect(onDefault.body.link.domain).toBeNull();
  });
  afterAll(() => server.close());

  it('sends the same code on two domains to two targets', async () => {
    const onAlice = await visit('go.alice.test', '/twin');
    const onBob = await visit('GO.Bob.Test:8443', '/twin');
    expect([onAlice.status, onAlice.headers.location]).toEqual([302, 'https://alice.example/']);
    expect([onBob.status, onBob.headers.location]).toEqual([302, 'https://bob.example/']);
    // Neither is on the default domain.
    expect((await visit('me.example.com', '/twin')).status).toBe(404);
    expect((await visit('127.0.0.1', '/twin')).status).toBe(404);
  });

  it('answers 404 for a code of another user’s domain', async () => {
    expect((await visit('go.alice.test', '/bobs')).status).toBe(404);
    expect((await visit('go.alice.test', '/plain')).status).toBe(404);
    expect((await visit('go.bob.test', '/bobs')).headers.location).toBe('https://bob.example/own');
  });

  it('keeps the owner’s default-domain links working on their domain, and on the default domain', async () => {
    expect((await visit('go.alice.test', '/old')).headers.location).toBe('https://old.alice.example/');
    expect((await visit('me.example.com', '/old')).headers.location).toBe('https://old.alice.example/');
    expect((await visit('go.bob.test', '/old')).status).toBe(404);
  });

  it('sends / to PUBLIC_URL and answers every other path with the 404 page', async () => {
    const home = await visit('go.alice.test', '/');
    expect([home.status, home.headers.location]).toEqual([302, 'https://me.example.com/']);
    for (const path of ['/api/config', '/api/links', '/healthz', '/metrics', '/admin', '/dashboard', '/a/b']) {
      const answer = await visit('go.alice.test', path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    // The default domain still serves them.
    expect((await visit('me.example.com', '/api/config')).status).toBe(200);
  });

  it('treats an unverified domain as the default domain', async () => {
    expect((await visit('go.carol.test', '/plain')).headers.location).toBe('https://carol.example/');
    expect((await visit('go.carol.test', '/api/config')).status).toBe(200);
    expect((await visit('go.carol.test', '/twin')).status).toBe(404);
  });

  it('takes X-Forwarded-Host only behind a trusted proxy', async () => {
    // TRUST_PROXY is off here: the header is ignored.
    const ignored = await visit('me.example.com', '/twin', { 'X-Forwarded-Host': 'go.alice.test' });
    expect(ignored.status).toBe(404);
  });

  it('stops routing a domain once it is taken away', async () => {
    const removed = await call(server, 'DELETE', '/api/domains?domain=go.bob.test', {
      headers: adminHeaders(server.adminKey),
    });
    expect(removed.status).toBe(200);
    // The host is the default domain again, where Bob's links went back (their codes were free there).
    expect((await visit('go.bob.test', '/api/config')).status).toBe(200);
    expect((await visit('go.bob.test', '/')).headers.location).toBeUndefined();
    expect((await visit('me.example.com', '/bobs')).headers.location).toBe('https://bob.example/own');
  });
});

describe.each(STORE_SERVERS)('routing by host behind a trusted proxy ($kind)', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [{ PUBLIC_URL: 'https://me.example.com', TRUST_PROXY: '1' }], (p) => (server = p));

  it('reads the host from X-Forwarded-Host', async () => {
    const dora = await newUser(server, 'Dora');
    await call(server, 'POST', '/api/user/domain', { headers: bearer(dora.token), body: { domain: 'go.dora.test' } });
    await call(server, 'PUT', '/api/domains?domain=go.dora.test', {
      headers: adminHeaders(server.adminKey),
      body: { status: 'verified' },
    });
    await createLink(server, bearer(dora.token), { target_url: 'https://dora.example/', short_code: 'hi' });
    const headers = { 'User-Agent': UA.desktopChrome, 'X-Forwarded-Host': 'go.dora.test' };
    const answer = await request(`${server.url}/hi`, { headers });
    expect([answer.status, answer.headers.location]).toEqual([302, 'https://dora.example/']);
    expect((await request(`${server.url}/hi`, { headers: { 'User-Agent': UA.desktopChrome } })).status).toBe(404);
  });
});
