/**
 * One limiter for every wrong credential, atomic under bursts, per IPv4 address and IPv6 /64
 * (docs/api.md#hardening-and-privacy), on both stores.
 */
import { describe, expect, it } from 'vitest';
import { expectRetryAfter } from '../../../helpers/limits';
import { type Answer, STORE_KINDS, send, signedInUser, startFreshServer, tally } from './hardeningHelpers';

const BURST = 60;
const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

const burst = (make: (i: number) => Promise<Answer>) => Promise.all(Array.from({ length: BURST }, (_, i) => make(i)));

/** A burst of wrong credentials: ten are checked, the rest refused; then the right one is refused too. */
async function refusedAfterTenWrong(wrong: (i: number) => Promise<Answer>, right: () => Promise<Answer>) {
  expect(tally(await burst(wrong))).toEqual({ 401: 10, 429: 50 });
  const answer = await right();
  expect(answer.status).toBe(429);
  return answer;
}

describe.each(STORE_KINDS)('credential limiter on %s', (kind) => {
  /** A fresh server on fresh data: on PostgreSQL the counts live in the database. */
  const fresh = (env: Record<string, string> = {}) => startFreshServer(kind, { env });

  it('answers at most 10 of 60 parallel wrong admin sign-ins, then refuses the right key', async () => {
    await using server = await fresh();
    const right = await refusedAfterTenWrong(
      (i) => send(server.url, 'POST', '/api/auth?action=admin', { body: { key: `wrong-key-${i}` } }),
      () => send(server.url, 'POST', '/api/auth?action=admin', { body: { key: server.adminKey } }),
    );
    expect(right.body).toEqual({ success: false, error: TOO_MANY });
    expectRetryAfter(right, 900);
  });

  it('answers at most 10 of 60 parallel wrong passwords (the hash is slow; the count comes first)', async () => {
    await using server = await fresh();
    const user = await signedInUser(server.url);
    const right = await refusedAfterTenWrong(
      (i) =>
        send(server.url, 'POST', '/api/auth?action=login', { body: { email: user.email, password: `guess-${i}` } }),
      () =>
        send(server.url, 'POST', '/api/auth?action=login', {
          body: { email: user.email, password: user.password },
        }),
    );
    expect(right.body).toEqual({ error: TOO_MANY });
  });

  it('answers at most 10 of 60 parallel wrong X-API-Keys, then refuses the admin key itself', async () => {
    await using server = await fresh();
    const right = await refusedAfterTenWrong(
      (i) => send(server.url, 'GET', '/api/links', { headers: { 'X-API-Key': `guess-${i}` } }),
      () => send(server.url, 'GET', '/api/links', { headers: { 'X-API-Key': server.adminKey } }),
    );
    expect(right.body).toEqual({ error: TOO_MANY });
    expectRetryAfter(right, 900);
  });

  it('answers at most 10 of 60 parallel wrong bearer tokens, then refuses a live one', async () => {
    await using server = await fresh();
    const user = await signedInUser(server.url);
    await refusedAfterTenWrong(
      (i) => send(server.url, 'GET', '/api/links/user', { headers: { Authorization: `Bearer guess-${i}` } }),
      () =>
        send(server.url, 'GET', '/api/links/user', {
          headers: { Authorization: `Bearer ${user.token}` },
        }),
    );
  });

  it('counts every kind of credential in one limit', async () => {
    await using server = await fresh();
    const user = await signedInUser(server.url);
    const wrong = [
      () => send(server.url, 'POST', '/api/auth?action=admin', { body: { key: 'wrong' } }),
      () => send(server.url, 'POST', '/api/auth?action=login', { body: { email: user.email, password: 'wrong' } }),
      () => send(server.url, 'GET', '/api/links', { headers: { 'X-API-Key': 'wrong' } }),
      () => send(server.url, 'GET', '/api/links/user', { headers: { Authorization: 'Bearer wrong' } }),
      () => send(server.url, 'GET', '/api/analytics/summary', { headers: { 'X-API-Key': 'wrong' } }),
    ];
    for (const attempt of [...wrong, ...wrong]) expect((await attempt()).status).toBe(401);
    const right = await send(server.url, 'GET', '/api/user/domain', {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(right.status).toBe(429);
  });

  it('counts wrong stream tickets, then refuses a right one', async () => {
    await using server = await fresh();
    const issued = await send(server.url, 'POST', '/api/stream/ticket', { headers: { 'X-API-Key': server.adminKey } });
    const ticket = (issued.body as { ticket: string }).ticket;
    // Only the status is read: a stream that opens never ends by itself.
    const openWith = async (value: string) => {
      const aborted = new AbortController();
      const answer = await fetch(`${server.url}/api/stream?ticket=${value}`, { signal: aborted.signal });
      aborted.abort();
      return answer.status;
    };
    expect(tally(await burst((i) => send(server.url, 'GET', `/api/stream?ticket=st_guess-${i}`)))).toEqual({
      401: 10,
      429: 50,
    });
    expect(await openWith(ticket)).toBe(429);
  });

  it('never refuses right credentials for arriving together (a dashboard calls in parallel)', async () => {
    await using server = await fresh();
    const user = await signedInUser(server.url);
    const admin = await burst(() =>
      send(server.url, 'GET', '/api/links', { headers: { 'X-API-Key': server.adminKey } }),
    );
    expect(tally(admin)).toEqual({ 200: BURST });
    const users = await burst(() =>
      send(server.url, 'GET', '/api/links/user', { headers: { Authorization: `Bearer ${user.token}` } }),
    );
    expect(tally(users)).toEqual({ 200: BURST });
  });

  it('counts an IPv6 /64 as one client and other /64s and IPv4 addresses apart (TRUST_PROXY=1)', async () => {
    await using server = await fresh({ TRUST_PROXY: '1' });
    const answers = await burst((i) =>
      send(server.url, 'POST', '/api/auth?action=admin', {
        body: { key: 'wrong-key' },
        headers: { 'X-Forwarded-For': `2001:db8:1:2:${(i + 1).toString(16)}::${i + 7}` },
      }),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 50 });
    const fromSame64 = (address: string) =>
      send(server.url, 'POST', '/api/auth?action=admin', {
        body: { key: server.adminKey },
        headers: { 'X-Forwarded-For': address },
      });
    expect((await fromSame64('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await fromSame64('2001:db8:1:3::1')).status).toBe(200);
    expect((await fromSame64('198.51.100.7')).status).toBe(200);
    expect((await fromSame64('::ffff:198.51.100.7')).status).toBe(200);
  });

  it('reads an address the proxy appended with its port as that address (TRUST_PROXY=1), as short links do', async () => {
    await using server = await fresh({ TRUST_PROXY: '1' });
    const admin = (address: string, key: string) =>
      send(server.url, 'POST', '/api/auth?action=admin', { body: { key }, headers: { 'X-Forwarded-For': address } });
    // Each connection comes from another port: the address is one client all the same.
    expect(tally(await burst((i) => admin(`198.51.100.9:${40_000 + i}`, 'wrong-key')))).toEqual({ 401: 10, 429: 50 });
    expect((await admin('198.51.100.9', server.adminKey)).status).toBe(429);
    expect((await admin('[2001:db8:9::1]:443', server.adminKey)).status).toBe(200);
  });
});
