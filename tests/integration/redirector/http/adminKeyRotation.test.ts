/** Admin sessions are bound to the ADMIN_KEY they were made with (docs/api.md#hardening-and-privacy). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataPlace, newDataPlace, STORE_KINDS, send, startServerOn } from './hardeningHelpers';

const OLD_KEY = 'old-admin-key-0123456789';
const NEW_KEY = 'new-admin-key-9876543210';

describe.each(STORE_KINDS)('a new ADMIN_KEY on %s', (kind) => {
  let place: DataPlace;
  beforeAll(async () => {
    place = await newDataPlace(kind);
  });
  afterAll(() => place.drop());

  const signIn = async (url: string, key: string): Promise<string> => {
    const answer = await send(url, 'POST', '/api/auth?action=admin', { body: { key } });
    expect(answer.status).toBe(200);
    return answer.body.apiKey;
  };
  const links = (url: string, key: string) => send(url, 'GET', '/api/links', { headers: { 'X-API-Key': key } });

  it('ends every admin session made with the old key at the restart; user sessions stay', async () => {
    const before = await startServerOn(place, { adminKey: OLD_KEY });
    const oldSession = await signIn(before.url, OLD_KEY);
    const register = await send(before.url, 'POST', '/api/auth?action=register', {
      body: { name: 'Stays', email: `stays-${kind}@example.com`, password: 'long-enough' },
    });
    expect(register.status).toBe(201);
    const login = await send(before.url, 'POST', '/api/auth?action=login', {
      body: { email: `stays-${kind}@example.com`, password: 'long-enough' },
    });
    expect((await links(before.url, oldSession)).status).toBe(200);
    await before.close();

    // A restart with the same key keeps the session.
    const same = await startServerOn(place, { adminKey: OLD_KEY });
    expect((await links(same.url, oldSession)).status).toBe(200);
    await same.close();

    const after = await startServerOn(place, { adminKey: NEW_KEY });
    try {
      const refused = await links(after.url, oldSession);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ error: 'Invalid or expired admin key' });
      expect((await links(after.url, OLD_KEY)).status).toBe(401);
      expect((await links(after.url, NEW_KEY)).status).toBe(200);
      expect((await links(after.url, await signIn(after.url, NEW_KEY))).status).toBe(200);
      const user = await send(after.url, 'GET', '/api/links/user', {
        headers: { Authorization: `Bearer ${login.body.token}` },
      });
      expect(user.status).toBe(200);
    } finally {
      await after.close();
    }
  });
});
