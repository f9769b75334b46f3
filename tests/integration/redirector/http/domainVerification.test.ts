/**
 * Custom domains verified by a DNS TXT record (docs/api.md#custom-domains), against a real DNS
 * server on loopback (dnsmasq) named by DNS_SERVERS, on both stores: no record, a wrong record, the
 * right one; a server that answers nothing; the 10-a-minute limit; the background check, and the claim removed after a week.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../../../../redirector/auth/attemptLimiter';
import { createDomainService, PENDING_MS } from '../../../../redirector/domains/domainService';
import { createTxtLookup } from '../../../../redirector/domains/txtLookup';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { type DnsServer, startDnsServer } from '../../../helpers/dnsServer';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('domain verification by DNS ($kind)', ({ start }) => {
  let dns: DnsServer;
  let server: TestServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    server = await start({ DNS_SERVERS: dns.address, PUBLIC_URL: 'https://me.example.com' });
  });
  afterAll(async () => {
    await server?.close();
    await dns?.stop();
  });

  let bob: Awaited<ReturnType<typeof newUser>>;
  const claim = async (token: string, domain: string) => {
    const answer = await call(server, 'POST', '/api/user/domain', { headers: bearer(token), body: { domain } });
    expect(answer.status).toBe(200);
    return answer.body.verification.record.value as string;
  };
  const verify = (token: string) => call(server, 'POST', '/api/user/domain/verify', { headers: bearer(token) });
  const allowed = (host: string) => call(server, 'GET', `/api/domains/allowed?domain=${encodeURIComponent(host)}`);

  it('stays pending without the record, names a wrong one, and verifies with the right one', async () => {
    const alice = await newUser(server, 'Alice');
    const value = await claim(alice.token, 'links.alice.test');
    expect(value).toMatch(/^me-verify=[A-Za-z0-9_-]{22,}$/);
    expect((await allowed('links.alice.test')).status).toBe(404);

    const none = await verify(alice.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      domain: 'links.alice.test',
      verification: {
        status: 'pending',
        record: { type: 'TXT', name: '_me-challenge.links.alice.test', value },
        checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        error: 'No TXT record at _me-challenge.links.alice.test',
      },
    });

    await dns.setTxt({ '_me-challenge.links.alice.test': ['me-verify=somebody-else-0123456789', 'v=spf1 -all'] });
    const wrong = await verify(alice.token);
    expect(wrong.body.verification).toMatchObject({
      status: 'pending',
      error: `A TXT record was found, but none says ${value}`,
    });
    expect((await allowed('links.alice.test')).status).toBe(404);

    await dns.setTxt({ '_me-challenge.links.alice.test': ['v=spf1 -all', value] });
    const right = await verify(alice.token);
    expect(right.body.verification).toMatchObject({ status: 'verified', error: null });
    const state = await call(server, 'GET', '/api/user/domain', { headers: bearer(alice.token) });
    expect(state.body.verification.status).toBe('verified');
    expect((await allowed('links.alice.test')).status).toBe(200);
    expect((await allowed('LINKS.Alice.test.')).status).toBe(200);

    const listed = await call(server, 'GET', '/api/domains', { headers: adminHeaders(server.adminKey) });
    expect(listed.body.domains).toContainEqual({
      domain: 'links.alice.test',
      team_id: expect.any(Number),
      team_name: 'Alice',
      user_id: alice.user.id,
      user_email: alice.user.email,
      status: 'verified',
      checked_at: expect.any(String),
      verified_at: expect.any(String),
      links: 0,
    });
  });

  it('says the look-up failed when the DNS server does not answer', async () => {
    bob = await newUser(server, 'Bob');
    await claim(bob.token, 'links.bob.test');
    await dns.stop();
    try {
      const answer = await verify(bob.token);
      expect(answer.status).toBe(200);
      expect(answer.body.verification.status).toBe('pending');
      expect(answer.body.verification.error).toMatch(/^The DNS lookup failed: E[A-Z]+$/);
    } finally {
      await dns.setTxt({});
    }
  });

  it('takes 10 verify calls a minute from one user, then answers 429', async () => {
    const carol = await newUser(server, 'Carol');
    await claim(carol.token, 'links.carol.test');
    for (let call = 0; call < 10; call++) expect((await verify(carol.token)).status).toBe(200);
    const refused = await verify(carol.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many checks; try again in a minute' });
    // Another user is not limited by Carol's calls (Bob's last check was in the test before).
    expect((await verify(bob.token)).status).toBe(200);
  });

  it('answers 404 to a verify call without a domain', async () => {
    expect((await call(server, 'DELETE', '/api/user/domain', { headers: bearer(bob.token) })).status).toBe(200);
    expect(await verify(bob.token)).toMatchObject({
      status: 404,
      body: { error: 'You have no custom domain to verify' },
    });
  });

  it('checks pending domains in the background, and removes them after 7 days', async () => {
    const frank = await newUser(server, 'Frank');
    const grace = await newUser(server, 'Grace');
    const frankValue = await claim(frank.token, 'links.frank.test');
    await claim(grace.token, 'links.grace.test');
    let now = Date.now();
    const background = createDomainService({
      store: server.store,
      clock: () => now,
      defaultDomain: 'me.example.com',
      lookup: createTxtLookup([dns.address]),
      verifyLimiter: createAttemptLimiter({ clock: () => now }),
    });
    await dns.setTxt({ '_me-challenge.links.frank.test': [frankValue] });
    await background.checkPending();
    const state = (token: string) =>
      call(server, 'GET', '/api/user/domain', { headers: bearer(token) }).then((answer) => answer.body.verification);
    expect((await state(frank.token)).status).toBe('verified');
    expect(await state(grace.token)).toMatchObject({ status: 'pending', error: expect.stringMatching(/^No TXT/) });

    now += PENDING_MS - 60_000;
    await background.checkPending();
    expect((await state(grace.token)).status).toBe('pending');
    now += 60_000;
    await background.checkPending();
    expect(await state(grace.token)).toBeNull();
    expect((await state(frank.token)).status).toBe('verified');
  });
});
