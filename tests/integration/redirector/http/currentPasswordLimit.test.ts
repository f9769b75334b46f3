/**
 * Wrong current passwords (PUT and DELETE /api/account) count in the credential limiter of the
 * caller's address and in a limit of the account, on both stores (docs/api.md#the-account-of-the-signed-in-user):
 * the 11th attempt within 15 minutes is refused, the right password included.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG } from '../../../../redirector/contract/account';
import { bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, type Clock, testClock } from './accountStores';

const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
const MINUTE = 60 * 1000;

describe.each(CLOCKED_STORES)('current_password is limited ($kind)', ({ start }) => {
  let server: TestServer;
  let clock: Clock;
  let addresses = 0;
  const fresh = () => `203.0.113.${++addresses}`;
  const as = (token: string, from: string, method: string, body: unknown) =>
    call(server, method, '/api/account', { headers: { ...bearer(token), 'X-Forwarded-For': from }, body });
  const tally = (statuses: number[]) => {
    const counts: Record<number, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  beforeAll(async () => {
    clock = testClock();
    server = await start({ TRUST_PROXY: '1' }, clock);
  });
  afterAll(() => server.close());
  // Past the limit of accounts made from one address (5 an hour) and past every window.
  beforeEach(() => clock.advance(60 * MINUTE));

  it('refuses the 11th attempt from one address, the right password included, and counts sign-ins alike', async () => {
    const amy = await newUser(server, 'Amy');
    const from = fresh();
    const wrong = [
      { email: 'amy-new@example.com', current_password: 'guess' },
      { password: 'amy-new-pw', current_password: 'guess' },
    ];
    for (let i = 0; i < 10; i++) {
      const answer =
        i % 3 === 2
          ? await as(amy.token, from, 'DELETE', { password: `guess-${i}` })
          : await as(amy.token, from, 'PUT', wrong[i % 3]);
      expect([answer.status, answer.body.error]).toEqual([403, CURRENT_PASSWORD_WRONG]);
    }
    const right = await as(amy.token, from, 'PUT', { email: 'amy-new@example.com', current_password: amy.password });
    expect([right.status, right.body.error]).toEqual([429, TOO_MANY]);
    expect(right.headers.get('retry-after')).toBe('900');
    expect((await as(amy.token, from, 'DELETE', { password: amy.password })).status).toBe(429);
    // §11's limiter: the address is refused for every credential, a sign-in included.
    const signIn = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: amy.user.email, password: amy.password },
      headers: { 'X-Forwarded-For': from },
    });
    expect(signIn.status).toBe(429);
    clock.advance(15 * MINUTE);
    const later = await as(amy.token, from, 'PUT', { email: 'amy-new@example.com', current_password: amy.password });
    expect([later.status, later.body.user?.email]).toEqual([200, 'amy-new@example.com']);
  });

  it('refuses the 11th attempt on one account from any address, and only on that account', async () => {
    const bo = await newUser(server, 'Bo');
    const cy = await newUser(server, 'Cy');
    for (let i = 0; i < 10; i++) {
      const answer = await as(bo.token, fresh(), 'PUT', { password: 'bo-new-pw', current_password: `guess-${i}` });
      expect(answer.status).toBe(403);
    }
    const from = fresh();
    const right = await as(bo.token, from, 'DELETE', { password: bo.password });
    expect([right.status, right.body.error]).toEqual([429, TOO_MANY]);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await as(bo.token, from, 'PUT', { password: 'bo-new-pw', current_password: bo.password })).status).toBe(
      429,
    );
    // The address is not refused: another account's right password from it works.
    expect((await as(cy.token, from, 'PUT', { password: 'cy-new-pw', current_password: cy.password })).status).toBe(
      200,
    );
    clock.advance(15 * MINUTE);
    expect((await as(bo.token, from, 'DELETE', { password: bo.password })).status).toBe(204);
  });

  it('answers at most 10 of 30 wrong attempts sent at once from many addresses', async () => {
    const di = await newUser(server, 'Di');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        as(di.token, fresh(), 'PUT', { email: 'di-new@example.com', current_password: `guess-${i}` }),
      ),
    );
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 403: 10, 429: 20 });
    const right = await as(di.token, fresh(), 'PUT', { email: 'di-new@example.com', current_password: di.password });
    expect(right.status).toBe(429);
  });
});
