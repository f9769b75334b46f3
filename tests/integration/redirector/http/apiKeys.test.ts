/**
 * API keys end to end over HTTP on both stores (docs/api.md#api-keys): create, list and delete;
 * a user's key on user calls only and the administrator's on admin calls only; no key management
 * with a key; the 20-key limit, parallel creates included; disabled and deleted users; a new
 * ADMIN_KEY; last_used_at at most once a minute; wrong keys in the one credential limiter.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userScope } from '../../../../redirector/auth/scope';
import {
  type Answer,
  type DataPlace,
  type FreshServer,
  newDataPlace,
  type RunningServer,
  STORE_KINDS,
  send,
  signedInUser,
  startFreshServer,
  startServerOn,
  tally,
} from './hardeningHelpers';

const SECRET = /^me_[A-Za-z0-9]{32,}$/;
const KEY_FIELDS = ['created_at', 'domains', 'id', 'last_used_at', 'name', 'prefix', 'scope'];
const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

const asUser = (secret: string) => ({ Authorization: `Bearer ${secret}` });
const asAdmin = (secret: string) => ({ 'X-API-Key': secret });

describe.each(STORE_KINDS)('API keys on %s', (kind) => {
  let server: FreshServer;
  let now = Date.UTC(2026, 5, 1, 12, 0, 0);
  // Each test calls from an address of its own: the wrong credentials one test sends on purpose
  // must not use up the next one's ten.
  let client = 0;
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    send(server.url, method, path, { headers: { 'X-Forwarded-For': `203.0.113.${client}`, ...headers }, body });
  let addresses = 0;
  const newUser = () => {
    addresses += 1;
    return signedInUser(server.url, { 'X-Forwarded-For': `198.51.100.${addresses}` });
  };
  const createKey = async (headers: Record<string, string>, name = 'script'): Promise<string> => {
    const answer = await call('POST', '/api/keys', headers, { name });
    expect(answer.status).toBe(201);
    return answer.body.secret;
  };

  beforeAll(async () => {
    // Each account registers from an address of its own: five an hour per address is the rule.
    server = await startFreshServer(kind, { clock: () => now, env: { TRUST_PROXY: '1' } });
  });
  beforeEach(() => {
    client += 1;
  });
  afterAll(() => server.stop());

  it('creates a key (the secret once), lists keys without secrets and deletes them; 400 for a bad name', async () => {
    const user = await newUser();
    const created = await call('POST', '/api/keys', asUser(user.token), { name: '  ShareX  ' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(SECRET);
    expect(created.body.key).toEqual({
      id: expect.any(Number),
      name: 'ShareX',
      prefix: created.body.secret.slice(0, 8),
      scope: 'write',
      created_at: new Date(now).toISOString(),
      last_used_at: null,
      domains: null,
    });
    const second = await call('POST', '/api/keys', asUser(user.token), { name: 'x'.repeat(100) });
    expect(second.body.secret).not.toBe(created.body.secret);

    const listed = await call('GET', '/api/keys', asUser(user.token));
    expect(listed.status).toBe(200);
    expect(listed.body.keys.map((key: { name: string }) => key.name)).toEqual(['ShareX', 'x'.repeat(100)]);
    for (const key of listed.body.keys) expect(Object.keys(key).sort()).toEqual(KEY_FIELDS);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret.slice(8));

    for (const name of ['', '   ', 'x'.repeat(101), 42, undefined]) {
      const bad = await call('POST', '/api/keys', asUser(user.token), { name });
      expect([bad.status, bad.body]).toEqual([400, { error: 'Name must be 1-100 characters' }]);
    }
    expect((await call('DELETE', '/api/keys?id=abc', asUser(user.token))).status).toBe(400);

    const deleted = await call('DELETE', `/api/keys?id=${created.body.key.id}`, asUser(user.token));
    expect([deleted.status, deleted.body]).toEqual([200, { success: true }]);
    const again = await call('DELETE', `/api/keys?id=${created.body.key.id}`, asUser(user.token));
    expect([again.status, again.body]).toEqual([404, { error: 'API key not found' }]);
    expect((await call('GET', '/api/keys', asUser(user.token))).body.keys).toHaveLength(1);
  });

  it("keeps each account's keys apart: another account's key is 404, the administrator's list is separate", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const aliceKey = (await call('POST', '/api/keys', asUser(alice.token), { name: 'alice' })).body.key;
    await createKey(asAdmin(server.adminKey), 'admin-own');
    const theft = await call('DELETE', `/api/keys?id=${aliceKey.id}`, asUser(bob.token));
    expect([theft.status, theft.body]).toEqual([404, { error: 'API key not found' }]);
    const byAdmin = await call('DELETE', `/api/keys?id=${aliceKey.id}`, asAdmin(server.adminKey));
    expect(byAdmin.status).toBe(404);
    expect((await call('GET', '/api/keys', asUser(bob.token))).body.keys).toEqual([]);
    expect((await call('GET', '/api/keys', asUser(alice.token))).body.keys).toEqual([aliceKey]);
    const adminKeys = (await call('GET', '/api/keys', asAdmin(server.adminKey))).body.keys;
    expect(adminKeys.map((key: { name: string }) => key.name)).toContain('admin-own');
    expect(adminKeys.map((key: { id: number }) => key.id)).not.toContain(aliceKey.id);
  });

  it("a user's key works as a bearer on user calls and nowhere as X-API-Key", async () => {
    const user = await newUser();
    const secret = await createKey(asUser(user.token));
    const made = await call('POST', '/api/links/create', asUser(secret), { target_url: 'https://example.com/k' });
    expect(made.status).toBe(201);
    expect((await call('GET', '/api/links/user', asUser(secret))).body.total).toBe(1);
    expect((await call('GET', '/api/user/domain', asUser(secret))).status).toBe(200);
    expect((await call('GET', '/api/tags', asUser(secret))).status).toBe(200);
    expect((await call('GET', `/api/analytics/user?linkId=${made.body.link.id}`, asUser(secret))).status).toBe(200);
    for (const path of ['/api/links', '/api/users', '/api/analytics/summary', '/api/tags']) {
      const refused = await call('GET', path, asAdmin(secret));
      expect([path, refused.status, refused.body]).toEqual([path, 401, { error: 'Invalid or expired admin key' }]);
    }
  });

  it("the administrator's key works as X-API-Key on admin calls and never as a bearer", async () => {
    const secret = await createKey(asAdmin(server.adminKey));
    const session = (await send(server.url, 'POST', '/api/auth?action=admin', { body: { key: server.adminKey } })).body
      .apiKey;
    expect(await createKey(asAdmin(session), 'from a session')).toMatch(SECRET);
    expect((await call('GET', '/api/links', asAdmin(secret))).status).toBe(200);
    expect((await call('GET', '/api/users', asAdmin(secret))).status).toBe(200);
    expect((await call('GET', '/api/analytics/summary', asAdmin(secret))).status).toBe(200);
    expect((await call('POST', '/api/links', asAdmin(secret), { target_url: 'https://example.com/a' })).status).toBe(
      201,
    );
    for (const path of ['/api/links/user', '/api/user/domain', '/api/tags']) {
      const refused = await call('GET', path, asUser(secret));
      expect([path, refused.status]).toEqual([path, 401]);
    }
  });

  it('refuses every key-management call made with an API key (403), the admin key and sessions pass', async () => {
    const user = await newUser();
    const userKey = await createKey(asUser(user.token));
    const adminKey = await createKey(asAdmin(server.adminKey));
    const forbidden = { error: 'API keys cannot manage API keys: sign in, or use the admin key' };
    for (const headers of [asUser(userKey), asAdmin(adminKey)]) {
      for (const [method, path, body] of [
        ['GET', '/api/keys', undefined],
        ['POST', '/api/keys', { name: 'more' }],
        ['DELETE', '/api/keys?id=1', undefined],
      ] as const) {
        const answer = await call(method, path, headers, body);
        expect([method, answer.status, answer.body]).toEqual([method, 403, forbidden]);
      }
    }
    expect((await call('GET', '/api/keys', {})).status).toBe(401);
    expect((await call('GET', '/api/keys', asUser(user.token))).body.keys).toHaveLength(1);
  });

  it('stops a key at once when it is deleted', async () => {
    const user = await newUser();
    const created = await call('POST', '/api/keys', asUser(user.token), { name: 'short-lived' });
    const admin = await call('POST', '/api/keys', asAdmin(server.adminKey), { name: 'short-lived' });
    expect((await call('GET', '/api/links/user', asUser(created.body.secret))).status).toBe(200);
    expect((await call('GET', '/api/links', asAdmin(admin.body.secret))).status).toBe(200);
    await call('DELETE', `/api/keys?id=${created.body.key.id}`, asUser(user.token));
    await call('DELETE', `/api/keys?id=${admin.body.key.id}`, asAdmin(server.adminKey));
    const gone = await call('GET', '/api/links/user', asUser(created.body.secret));
    expect([gone.status, gone.body]).toEqual([401, { error: 'Session expired, please sign in again' }]);
    expect((await call('GET', '/api/links', asAdmin(admin.body.secret))).status).toBe(401);
  });

  it('holds 20 keys per account, exactly, with 30 creates at once (user and administrator)', async () => {
    const user = await newUser();
    const parallel = (headers: Record<string, string>, n: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => call('POST', '/api/keys', headers, { name: `k${i}` })));
    expect(tally(await parallel(asUser(user.token), 30))).toEqual({ 201: 20, 409: 10 });
    const beyond = await call('POST', '/api/keys', asUser(user.token), { name: 'one more' });
    expect([beyond.status, beyond.body]).toEqual([409, { error: 'API key limit reached (20 keys per account)' }]);
    expect((await call('GET', '/api/keys', asUser(user.token))).body.keys).toHaveLength(20);

    const adminHeaders = asAdmin(server.adminKey);
    for (const key of (await call('GET', '/api/keys', adminHeaders)).body.keys) {
      await call('DELETE', `/api/keys?id=${key.id}`, adminHeaders);
    }
    expect(tally(await parallel(adminHeaders, 30))).toEqual({ 201: 20, 409: 10 });
    const first = (await call('GET', '/api/keys', adminHeaders)).body.keys[0];
    await call('DELETE', `/api/keys?id=${first.id}`, adminHeaders);
    expect((await call('POST', '/api/keys', adminHeaders, { name: 'room again' })).status).toBe(201);
  });

  it("answers 401 to a disabled user's key and deletes a deleted user's keys", async () => {
    const user = await newUser();
    const secret = await createKey(asUser(user.token));
    const me = (await call('GET', '/api/user/domain', asUser(secret))).body.user;
    const admin = asAdmin(server.adminKey);
    expect((await call('PUT', `/api/users?id=${me.id}`, admin, { disabled: true })).status).toBe(200);
    const refused = await call('GET', '/api/links/user', asUser(secret));
    expect([refused.status, refused.body]).toEqual([401, { error: 'This account is disabled' }]);
    expect((await call('PUT', `/api/users?id=${me.id}`, admin, { disabled: false })).status).toBe(200);
    expect((await call('GET', '/api/links/user', asUser(secret))).status).toBe(200);

    const account = (await server.app.services.store.users.findById(me.id))!;
    expect((await server.app.services.store.apiKeys.list(userScope(account))).length).toBe(1);
    expect((await call('DELETE', `/api/users?id=${me.id}`, admin)).status).toBe(204);
    expect(await server.app.services.store.apiKeys.list(userScope(account))).toEqual([]);
    expect((await call('GET', '/api/links/user', asUser(secret))).status).toBe(401);
  });

  it('writes last_used_at on first use, then at most once a minute', async () => {
    const user = await newUser();
    const created = await call('POST', '/api/keys', asUser(user.token), { name: 'busy script' });
    const lastUsed = async () =>
      (await call('GET', '/api/keys', asUser(user.token))).body.keys.find(
        (key: { id: number }) => key.id === created.body.key.id,
      ).last_used_at;
    const start = now;
    const use = async (at: number) => {
      now = at;
      expect((await call('GET', '/api/links/user', asUser(created.body.secret))).status).toBe(200);
    };
    await use(start + 1_000);
    expect(await lastUsed()).toBe(new Date(start + 1_000).toISOString());
    await use(start + 30_000);
    await use(start + 60_999);
    expect(await lastUsed()).toBe(new Date(start + 1_000).toISOString());
    await use(start + 61_000);
    expect(await lastUsed()).toBe(new Date(start + 61_000).toISOString());
  });

  describe('on a server of their own', () => {
    let ownPlace: DataPlace;
    let fresh: RunningServer;
    beforeEach(async () => {
      ownPlace = await newDataPlace(kind);
    });
    afterEach(async () => {
      await fresh.close();
      await ownPlace.drop();
    });

    it('counts wrong keys in the one limiter: 10 of 60 at once answered, then the right key refused', async () => {
      fresh = await startServerOn(ownPlace);
      const user = await signedInUser(fresh.url);
      const secret = (
        await send(fresh.url, 'POST', '/api/keys', { headers: asUser(user.token), body: { name: 'right' } })
      ).body.secret;
      const wrong = (i: number) => `me_${String(i).padStart(40, 'x')}`;
      const answers: Answer[] = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          send(fresh.url, 'GET', i % 2 ? '/api/links/user' : '/api/links', {
            headers: i % 2 ? asUser(wrong(i)) : asAdmin(wrong(i)),
          }),
        ),
      );
      expect(tally(answers)).toEqual({ 401: 10, 429: 50 });
      const right = await send(fresh.url, 'GET', '/api/links/user', { headers: asUser(secret) });
      expect([right.status, right.body]).toEqual([429, { error: TOO_MANY }]);
    });

    it("kills the administrator's keys when ADMIN_KEY changes at a restart; user keys stay", async () => {
      fresh = await startServerOn(ownPlace, { adminKey: 'first-admin-key-0123456789' });
      const adminSecret = (
        await send(fresh.url, 'POST', '/api/keys', { headers: asAdmin(fresh.adminKey), body: { name: 'ci' } })
      ).body.secret;
      const user = await signedInUser(fresh.url);
      const userSecret = (
        await send(fresh.url, 'POST', '/api/keys', { headers: asUser(user.token), body: { name: 'mine' } })
      ).body.secret;
      expect((await send(fresh.url, 'GET', '/api/links', { headers: asAdmin(adminSecret) })).status).toBe(200);
      await fresh.close();

      fresh = await startServerOn(ownPlace, { adminKey: 'first-admin-key-0123456789' });
      expect((await send(fresh.url, 'GET', '/api/links', { headers: asAdmin(adminSecret) })).status).toBe(200);
      await fresh.close();

      fresh = await startServerOn(ownPlace, { adminKey: 'second-admin-key-9876543210' });
      const refused = await send(fresh.url, 'GET', '/api/links', { headers: asAdmin(adminSecret) });
      expect([refused.status, refused.body]).toEqual([401, { error: 'Invalid or expired admin key' }]);
      expect((await send(fresh.url, 'GET', '/api/links/user', { headers: asUser(userSecret) })).status).toBe(200);
      const fresher = await send(fresh.url, 'POST', '/api/keys', {
        headers: asAdmin(fresh.adminKey),
        body: { name: 'after' },
      });
      expect((await send(fresh.url, 'GET', '/api/links', { headers: asAdmin(fresher.body.secret) })).status).toBe(200);
    });
  });
});
