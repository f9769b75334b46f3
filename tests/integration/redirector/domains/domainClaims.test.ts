/**
 * No squatting (docs/api.md#verification), on both stores: a pending or failed claim blocks
 * nobody. Two accounts claim one host; the second verifies first (a TXT record on a real DNS server
 * on loopback) and gets it; the first's claim turns `failed` "verified by another account"; a third
 * account cannot claim the verified domain (409); eight accounts verifying one host at once get one
 * `verified` and seven `failed`, no error; a claim unverified for 7 days (the server's clock) is
 * removed by the background round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_MS } from '../../../../redirector/domains/domainService';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import { type DnsServer, startDnsServer } from '../../../helpers/dnsServer';
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

type Start = (env: Record<string, string>, clock: () => number) => Promise<TestServer>;

const STORES: { kind: string; start: Start }[] = [
  { kind: 'sqlite', start: (env, clock) => startTestServer({ env, clock }) },
  {
    kind: 'postgres',
    start: async (env, clock) =>
      ({ ...(await startPostgresTestServerOnFreshSchema({ env, clock })), dataDir: '' }) as unknown as TestServer,
  },
];

describe.each(STORES)('claims of one domain ($kind)', ({ start }) => {
  let dns: DnsServer;
  let server: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    dns = await startDnsServer();
    server = await start({ DNS_SERVERS: dns.address, PUBLIC_URL: 'https://me.example.com' }, () => now);
  });
  afterAll(async () => {
    await server?.close();
    await dns?.stop();
  });

  const domain = (token: string, method: string, body?: unknown) =>
    call(server, method, '/api/user/domain', { headers: bearer(token), body });
  const verify = (token: string) => call(server, 'POST', '/api/user/domain/verify', { headers: bearer(token) });
  const allowed = (host: string) => call(server, 'GET', `/api/domains/allowed?domain=${host}`);
  const admin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { headers: adminHeaders(server.adminKey), body });

  /** An account made by the administrator (registration is limited per address), signed in. */
  let made = 0;
  const newUser = async (_server: TestServer, name: string) => {
    const email = `${name.toLowerCase()}-${++made}@example.com`;
    const user = await admin('POST', '/api/users', { name, email, password: 'secret-password' });
    expect(user.status).toBe(201);
    const login = await call(server, 'POST', '/api/auth?action=login', {
      body: { email, password: 'secret-password' },
    });
    return { token: login.body.token as string, user: { id: user.body.id as number } };
  };

  it('lets two accounts claim one host; the first to verify gets it, the other claim fails', async () => {
    const squatter = await newUser(server, 'Squatter');
    const owner = await newUser(server, 'Owner');
    const first = await domain(squatter.token, 'POST', { domain: 'go.shop.test' });
    expect(first.status).toBe(200);
    const second = await domain(owner.token, 'POST', { domain: 'GO.shop.test' });
    expect(second.status).toBe(200);
    expect(second.body.verification.status).toBe('pending');
    expect(second.body.verification.record.value).not.toBe(first.body.verification.record.value);

    await dns.setTxt({ '_me-challenge.go.shop.test': [second.body.verification.record.value] });
    expect((await verify(owner.token)).body.verification).toMatchObject({ status: 'verified', error: null });
    expect((await allowed('go.shop.test')).status).toBe(200);

    const lost = await domain(squatter.token, 'GET');
    expect(lost.body).toMatchObject({
      domain: 'go.shop.test',
      verification: { status: 'failed', error: 'verified by another account' },
    });
    // Verifying again changes nothing while the other account has it.
    expect((await verify(squatter.token)).body.verification).toMatchObject({
      status: 'failed',
      error: 'verified by another account',
    });
    const late = await newUser(server, 'Late');
    const refused = await domain(late.token, 'POST', { domain: 'go.shop.test' });
    expect(refused).toMatchObject({ status: 409, body: { error: 'This domain is already used by another account' } });

    const listed = (await admin('GET', '/api/domains')).body.domains.filter(
      (row: { domain: string }) => row.domain === 'go.shop.test',
    );
    expect(listed.map((row: { user_id: number; status: string }) => [row.user_id, row.status])).toEqual([
      [squatter.user.id, 'failed'],
      [owner.user.id, 'verified'],
    ]);
  });

  it('answers every one of several verifications of one host at once: one verified, the others failed', async () => {
    const names = ['Ava', 'Bea', 'Cid', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal'];
    const claimants = await Promise.all(names.map((name) => newUser(server, name)));
    const values: string[] = [];
    for (const claimant of claimants) {
      const claim = await domain(claimant.token, 'POST', { domain: 'go.race.test' });
      values.push(claim.body.verification.record.value);
    }
    await dns.setTxt({ '_me-challenge.go.race.test': values });
    const answers = await Promise.all(claimants.map((claimant) => verify(claimant.token)));
    expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 200));
    const states = answers.map((answer) => answer.body.verification.status);
    expect(states.filter((state) => state === 'verified')).toHaveLength(1);
    expect(states.filter((state) => state === 'failed')).toHaveLength(names.length - 1);
  });

  it('asks the administrator which claim to verify by hand when several accounts claim one host', async () => {
    const ann = await newUser(server, 'Ann');
    const ben = await newUser(server, 'Ben');
    await domain(ann.token, 'POST', { domain: 'go.both.test' });
    await domain(ben.token, 'POST', { domain: 'go.both.test' });
    const ambiguous = await admin('PUT', '/api/domains?domain=go.both.test', { status: 'verified' });
    expect(ambiguous.status).toBe(400);
    const chosen = await admin('PUT', `/api/domains?domain=go.both.test&user_id=${ben.user.id}`, {
      status: 'verified',
    });
    expect(chosen.body.domain).toMatchObject({ user_id: ben.user.id, status: 'verified' });
    expect((await domain(ann.token, 'GET')).body.verification.status).toBe('failed');
    const second = await admin('PUT', `/api/domains?domain=go.both.test&user_id=${ann.user.id}`, {
      status: 'verified',
    });
    expect(second.status).toBe(409);

    // The administrator's removal takes the domain from every account that claims it.
    expect((await admin('DELETE', '/api/domains?domain=go.both.test')).status).toBe(200);
    expect((await domain(ann.token, 'GET')).body.domain).toBeNull();
    expect((await domain(ben.token, 'GET')).body.domain).toBeNull();
    expect((await allowed('go.both.test')).status).toBe(404);
  });

  it('removes a claim left unverified for 7 days, and keeps a younger one', async () => {
    const idle = await newUser(server, 'Idle');
    const young = await newUser(server, 'Young');
    expect((await domain(idle.token, 'POST', { domain: 'go.idle.test' })).status).toBe(200);
    now += PENDING_MS - 60_000;
    expect((await domain(young.token, 'POST', { domain: 'go.idle.test' })).status).toBe(200);
    await server.app.services.domains.checkPending();
    expect((await domain(idle.token, 'GET')).body.domain).toBe('go.idle.test');
    now += 60_000;
    await server.app.services.domains.checkPending();
    expect((await domain(idle.token, 'GET')).body).toMatchObject({ domain: null, verification: null });
    expect((await domain(young.token, 'GET')).body.verification.status).toBe('pending');
  });
});
