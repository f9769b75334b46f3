/**
 * Links on custom domains (docs/api.md#custom-domains), on both stores: each link's domain and
 * short_url, the domain a create or update may take, codes unique within a domain and apart from
 * their owner's other domain, a claimed but unverified domain that blocks nothing, the
 * administrator's calls, the allowed call a TLS proxy asks, the CSV's domain column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_LINK } from '../../../../redirector/contract/linkOptions';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const NOT_YOURS = 'Use the default domain or your own verified domain';
const TAKEN = 'This short code is already taken';

describe.each(STORE_SERVERS)('links on custom domains ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof newUser>>;
  let bob: Awaited<ReturnType<typeof newUser>>;
  const admin = () => adminHeaders(server.adminKey);
  const create = (token: string, body: Record<string, unknown>) =>
    call(server, 'POST', '/api/links/create', { headers: bearer(token), body });
  const update = (token: string, id: number, body: Record<string, unknown>) =>
    call(server, 'PUT', `/api/links/update?linkId=${id}`, { headers: bearer(token), body });
  const claim = (token: string, domain: string) =>
    call(server, 'POST', '/api/user/domain', { headers: bearer(token), body: { domain } });
  const verifyByHand = (domain: string) =>
    call(server, 'PUT', `/api/domains?domain=${domain}`, { headers: admin(), body: { status: 'verified' } });

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com', DNS_SERVERS: '127.0.0.1:9' });
    alice = await newUser(server, 'Alice');
    bob = await newUser(server, 'Bob');
    expect((await claim(alice.token, 'go.alice.test')).status).toBe(200);
    expect((await claim(bob.token, 'go.bob.test')).status).toBe(200);
    expect((await verifyByHand('go.alice.test')).status).toBe(200);
    expect((await verifyByHand('GO.BOB.test')).status).toBe(200);
  });
  afterAll(() => server.close());

  it('puts a new link on the owner’s verified domain unless told the default one', async () => {
    const onDomain = await create(alice.token, { target_url: 'https://example.com/a', short_code: 'spring' });
    expect(onDomain.status).toBe(201);
    expect(onDomain.body.link).toMatchObject({ domain: 'go.alice.test', short_url: 'https://go.alice.test/spring' });
    const onDefault = await create(alice.token, {
      target_url: 'https://example.com/b',
      short_code: 'summer',
      domain: null,
    });
    expect(onDefault.body.link).toMatchObject({ domain: null, short_url: 'https://me.example.com/summer' });
    const named = await create(alice.token, { target_url: 'https://example.com/c', domain: 'Go.Alice.Test.' });
    expect(named.body.link.domain).toBe('go.alice.test');
    expect(named.body.link.short_url).toBe(`https://go.alice.test/${named.body.link.short_code}`);

    const listed = await call(server, 'GET', '/api/links/user?q=spring', { headers: bearer(alice.token) });
    expect(listed.body.links[0]).toMatchObject({ short_code: 'spring', short_url: 'https://go.alice.test/spring' });
    const adminList = (await call(server, 'GET', '/api/links', { headers: admin() })).body as { short_code: string }[];
    expect(adminList.find((link) => link.short_code === 'summer')).toMatchObject({ domain: null });
  });

  it('refuses another user’s domain, an unverified one, and any domain on an administrator’s link', async () => {
    for (const domain of ['go.bob.test', 'elsewhere.test']) {
      const answer = await create(alice.token, { target_url: 'https://example.com/', domain });
      expect(answer).toMatchObject({ status: 400, body: { error: NOT_YOURS } });
    }
    const adminLink = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://example.com/', domain: 'go.alice.test' },
    });
    expect(adminLink).toMatchObject({ status: 400, body: { error: NOT_YOURS } });
    const plain = await call(server, 'POST', '/api/links', {
      headers: admin(),
      body: { target_url: 'https://x.test/' },
    });
    expect(plain.body).toMatchObject({ domain: null, short_url: `https://me.example.com/${plain.body.short_code}` });
  });

  it('keeps a code unique within its domain: the same code on two domains, two links', async () => {
    const onAlice = await create(alice.token, { target_url: 'https://alice.example/', short_code: 'twin' });
    const onBob = await create(bob.token, { target_url: 'https://bob.example/', short_code: 'twin' });
    expect([onAlice.status, onBob.status]).toEqual([201, 201]);
    expect(onAlice.body.link.short_url).toBe('https://go.alice.test/twin');
    expect(onBob.body.link.short_url).toBe('https://go.bob.test/twin');
    const again = await create(bob.token, { target_url: 'https://bob.example/2', short_code: 'twin' });
    expect(again).toMatchObject({ status: 409, body: { error: TAKEN } });
    // The default domain has its own code space too.
    const onDefault = await create(bob.token, { target_url: 'https://d.example/', short_code: 'twin', domain: null });
    expect(onDefault).toMatchObject({ status: 409, body: { error: TAKEN } });
  });

  it('keeps a code on a custom domain apart from its owner’s default-domain codes', async () => {
    expect(
      (await create(alice.token, { target_url: 'https://a.example/', short_code: 'mine', domain: null })).status,
    ).toBe(201);
    const clash = await create(alice.token, { target_url: 'https://b.example/', short_code: 'mine' });
    expect(clash).toMatchObject({ status: 409, body: { error: TAKEN } });
    // Another user's default-domain code is no clash on Bob's domain.
    expect((await create(bob.token, { target_url: 'https://c.example/', short_code: 'mine' })).status).toBe(201);
  });

  it('moves a link between domains keeping its code, or answers 409', async () => {
    const link = (await create(alice.token, { target_url: 'https://m.example/', short_code: 'mover', domain: null }))
      .body.link;
    const moved = await update(alice.token, link.id, { domain: 'go.alice.test' });
    expect(moved.status).toBe(200);
    expect(moved.body.link).toMatchObject({ short_code: 'mover', domain: 'go.alice.test' });
    expect((await update(alice.token, link.id, { domain: null })).body.link.short_url).toBe(
      'https://me.example.com/mover',
    );
    expect(await update(alice.token, link.id, { domain: 'go.bob.test' })).toMatchObject({
      status: 400,
      body: { error: NOT_YOURS },
    });
    // Bob's 'twin' holds the code on his domain, Alice's 'twin' on hers: neither moves to the default domain twice.
    const bobTwin = (await call(server, 'GET', '/api/links/user?q=twin', { headers: bearer(bob.token) })).body.links[0];
    const aliceTwin = (await call(server, 'GET', '/api/links/user?q=twin', { headers: bearer(alice.token) })).body
      .links[0];
    expect((await update(bob.token, bobTwin.id, { domain: null })).status).toBe(200);
    expect(await update(alice.token, aliceTwin.id, { domain: null })).toMatchObject({
      status: 409,
      body: { error: TAKEN },
    });
  });

  it('a claimed but unverified domain blocks no link to it; a verified one does', async () => {
    const carol = await newUser(server, 'Carol');
    const dan = await newUser(server, 'Dan');
    expect((await claim(carol.token, 'github.com')).status).toBe(200);
    const toGithub = await create(dan.token, { target_url: 'https://github.com/me', domain: null });
    expect(toGithub.status).toBe(201);
    expect((await call(server, 'GET', '/api/domains/allowed?domain=github.com')).status).toBe(404);
    // Carol's links stay on the default domain while hers is unverified.
    expect((await create(carol.token, { target_url: 'https://c.example/' })).body.link.domain).toBeNull();

    expect((await verifyByHand('github.com')).status).toBe(200);
    const refused = await create(dan.token, { target_url: 'https://GitHub.com/me' });
    expect(refused).toMatchObject({ status: 400, body: { error: SELF_LINK } });
    expect((await call(server, 'DELETE', '/api/domains?domain=github.com', { headers: admin() })).status).toBe(200);
    expect((await create(dan.token, { target_url: 'https://github.com/again' })).status).toBe(201);
  });

  it('answers the TLS proxy from memory: the default domain and verified domains only', async () => {
    const allowed = (host: string) => call(server, 'GET', `/api/domains/allowed?domain=${encodeURIComponent(host)}`);
    expect(await allowed('me.example.com')).toMatchObject({ status: 200, body: { allowed: true } });
    expect((await allowed('go.alice.test')).status).toBe(200);
    expect((await allowed('Go.Alice.Test:443')).status).toBe(200);
    expect(await allowed('unknown.test')).toMatchObject({
      status: 404,
      body: { error: 'This host is not served here' },
    });
    expect((await call(server, 'GET', '/api/domains/allowed')).status).toBe(400);
    const started = process.hrtime.bigint();
    for (let round = 0; round < 50; round++) server.app.services.domains.isServed('go.alice.test');
    expect(Number(process.hrtime.bigint() - started) / 50).toBeLessThan(1_000_000);
  });

  it('lists domains for the administrator, verifies by hand and takes a domain away', async () => {
    const listed = await call(server, 'GET', '/api/domains', { headers: admin() });
    expect(listed.status).toBe(200);
    const aliceDomain = listed.body.domains.find((row: { domain: string }) => row.domain === 'go.alice.test');
    expect(aliceDomain).toEqual({
      domain: 'go.alice.test',
      team_id: expect.any(Number),
      team_name: 'Alice',
      user_id: alice.user.id,
      user_email: alice.user.email,
      status: 'verified',
      checked_at: null,
      verified_at: expect.stringMatching(/Z$/),
      links: expect.any(Number),
    });
    expect(aliceDomain.links).toBeGreaterThanOrEqual(3);
    expect((await call(server, 'GET', '/api/domains', { headers: bearer(alice.token) })).status).toBe(401);
    expect((await verifyByHand('nobody.test')).status).toBe(404);
    const badStatus = await call(server, 'PUT', '/api/domains?domain=go.alice.test', {
      headers: admin(),
      body: { status: 'failed' },
    });
    expect(badStatus.status).toBe(400);

    const csv = await call(server, 'GET', '/api/links/user/export', { headers: bearer(alice.token) });
    expect(csv.body.split('\r\n')[0].endsWith(',domain')).toBe(true);
    expect(csv.body).toMatch(/\r\nspring,.*,go\.alice\.test\r\n/);

    expect((await call(server, 'DELETE', '/api/domains?domain=go.alice.test', { headers: admin() })).status).toBe(200);
    expect((await call(server, 'GET', '/api/user/domain', { headers: bearer(alice.token) })).body.domain).toBeNull();
    expect((await call(server, 'GET', '/api/domains/allowed?domain=go.alice.test')).status).toBe(404);
    // Its links are back on the default domain where their code is free there ('twin' is Bob's now).
    const links = (await call(server, 'GET', '/api/links/user', { headers: bearer(alice.token) })).body.links as {
      short_code: string;
      domain: string | null;
    }[];
    expect(links.find((link) => link.short_code === 'spring')?.domain).toBeNull();
    expect(links.find((link) => link.short_code === 'twin')?.domain).toBe('go.alice.test');
    expect((await call(server, 'DELETE', '/api/domains?domain=go.alice.test', { headers: admin() })).status).toBe(404);
  });

  it('imports the domain column: empty is the default domain', async () => {
    const text =
      'short_code,target_url,domain\r\nimp-a,https://i.example/a,go.bob.test\r\nimp-b,https://i.example/b,\r\nimp-c,https://i.example/c,go.alice.test\r\n';
    const answer = await call(server, 'POST', '/api/links/user/import', {
      headers: { ...bearer(bob.token), 'Content-Type': 'text/csv' },
      rawBody: text,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ created: 2, failed: [{ line: 4, short_code: 'imp-c', error: NOT_YOURS }] });
    const links = (await call(server, 'GET', '/api/links/user?q=imp-', { headers: bearer(bob.token) })).body.links as {
      short_code: string;
      short_url: string;
    }[];
    expect(Object.fromEntries(links.map((link) => [link.short_code, link.short_url]))).toEqual({
      'imp-a': 'https://go.bob.test/imp-a',
      'imp-b': 'https://me.example.com/imp-b',
    });
  });

  it('imports by code space: unique per domain, an owner’s code never on two of their domains', async () => {
    // The administrator took Alice's domain away above: she claims it again.
    expect((await claim(alice.token, 'go.alice.test')).status).toBe(200);
    expect((await verifyByHand('go.alice.test')).status).toBe(200);
    const own = await create(bob.token, { target_url: 'https://o.example/', short_code: 'cs-own', domain: null });
    expect(own.status).toBe(201);
    const other = await create(alice.token, { target_url: 'https://o.example/', short_code: 'cs-alice' });
    expect(other.body.link.domain).toBe('go.alice.test');
    const text = [
      'short_code,target_url,domain',
      // Bob's own default-domain code: taken on his domain (the check before any insert).
      'cs-own,https://i.example/1,go.bob.test',
      // New: the first row takes it, on Bob's domain; the second, on the default domain, is refused by the insert.
      'cs-both,https://i.example/2,go.bob.test',
      'cs-both,https://i.example/3,',
      // Alice's code on her domain is free on the default domain and on Bob's.
      'cs-alice,https://i.example/4,',
    ].join('\r\n');
    const answer = await call(server, 'POST', '/api/links/user/import', {
      headers: { ...bearer(bob.token), 'Content-Type': 'text/csv' },
      rawBody: `${text}\r\n`,
    });
    expect(answer.body).toEqual({
      created: 2,
      failed: [
        { line: 2, short_code: 'cs-own', error: TAKEN },
        { line: 4, short_code: 'cs-both', error: TAKEN },
      ],
    });
    const links = (await call(server, 'GET', '/api/links/user?q=cs-', { headers: bearer(bob.token) })).body.links as {
      short_code: string;
      short_url: string;
    }[];
    expect(links.map((link) => link.short_url).sort()).toEqual([
      'https://go.bob.test/cs-both',
      'https://me.example.com/cs-alice',
      'https://me.example.com/cs-own',
    ]);
  });
});
