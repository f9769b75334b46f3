/** Registration: 5 accounts per client address an hour, and REGISTRATION=closed (docs/api.md#accounts-and-sign-in). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataPlace, newDataPlace, STORE_KINDS, send, startServerOn, tally } from './hardeningHelpers';

const HOUR = 60 * 60 * 1000;

const account = (tag: string) => ({ name: 'New', email: `${tag}@example.com`, password: 'long-enough' });

describe.each(STORE_KINDS)('registration on %s', (kind) => {
  let place: DataPlace;
  beforeAll(async () => {
    place = await newDataPlace(kind);
  });
  afterAll(() => place.drop());

  it('creates at most 5 accounts per address an hour, even from 20 sent at once', async () => {
    let now = Date.UTC(2026, 5, 1);
    const server = await startServerOn(place, { env: { TRUST_PROXY: '1' }, clock: () => now });
    try {
      const register = (tag: string, address: string) =>
        send(server.url, 'POST', '/api/auth?action=register', {
          body: account(`${kind}-${tag}`),
          headers: { 'X-Forwarded-For': address },
        });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(`burst${i}`, '203.0.113.5')));
      expect(tally(answers)).toEqual({ 201: 5, 429: 15 });
      expect(answers.find((answer) => answer.status === 429)?.body).toEqual({
        error: 'Too many accounts created from this address. Please try again in 60 minutes.',
      });
      // A taken email or a broken rule is not an account: it does not use up a place. Which five of
      // the twenty won depends on the order they arrived in, so the taken one is read from the answers.
      const other = '203.0.113.6';
      const taken = answers.findIndex((answer) => answer.status === 201);
      expect((await register(`burst${taken}`, other)).status).toBe(409);
      expect(
        (
          await send(server.url, 'POST', '/api/auth?action=register', {
            body: { name: 'x' },
            headers: { 'X-Forwarded-For': other },
          })
        ).status,
      ).toBe(400);
      for (let i = 0; i < 5; i++) expect((await register(`other${i}`, other)).status).toBe(201);
      expect((await register('other5', other)).status).toBe(429);
      // An IPv6 /64 is one client.
      for (let i = 0; i < 5; i++) expect((await register(`six${i}`, `2001:db8:9:9::${i + 1}`)).status).toBe(201);
      expect((await register('six5', '2001:db8:9:9:abcd::1')).status).toBe(429);
      now += HOUR;
      expect((await register('later', '203.0.113.5')).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('answers 403 "Registration is closed" with REGISTRATION=closed and says so in /api/config', async () => {
    const server = await startServerOn(place, { env: { REGISTRATION: 'closed' } });
    try {
      const answer = await send(server.url, 'POST', '/api/auth?action=register', { body: account(`${kind}-closed`) });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: 'Registration is closed' });
      expect((await send(server.url, 'GET', '/api/config')).body).toEqual({
        public_url: 'http://localhost:0',
        registration: 'closed',
        mail: false,
        sso: null,
        password_login: true,
      });
      // Existing accounts still sign in.
      const login = await send(server.url, 'POST', '/api/auth?action=login', {
        body: { email: `${kind}-other0@example.com`, password: 'long-enough' },
      });
      expect(login.status).toBe(200);
    } finally {
      await server.close();
    }
    const open = await startServerOn(place);
    try {
      expect((await send(open.url, 'GET', '/api/config')).body.registration).toBe('open');
    } finally {
      await open.close();
    }
  });
});
