/**
 * The renderer's resource modules against the real server: the same calls, made once with the
 * administrator's session and once with a user's, reach each audience's paths and answer the same
 * shapes (docs/api.md#links, #api-keys, #analytics).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../../../renderer/src/api/account';
import { adminDomainCalls } from '../../../../renderer/src/api/adminDomains';
import { analyticsCalls } from '../../../../renderer/src/api/analytics';
import { ApiError, type Credential, createHttpClient } from '../../../../renderer/src/api/client';
import { domainCalls } from '../../../../renderer/src/api/domains';
import { keyCalls } from '../../../../renderer/src/api/keys';
import { linkCalls } from '../../../../renderer/src/api/links';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

let server: TestServer;
const credentials: Record<'administrator' | 'user', Credential> = {
  administrator: { apiKey: '' },
  user: { token: '' },
};

let accounts = 0;

/** A fresh session of the side, signed in through the account module. */
async function signIn(who: 'administrator' | 'user'): Promise<Credential> {
  const account = accountCalls(createHttpClient(server.url));
  if (who === 'administrator') {
    const login = await account.adminLogin(server.adminKey);
    if (!login.ok) throw new Error(login.error);
    return { apiKey: login.apiKey };
  }
  accounts += 1;
  const person = { name: 'User', email: `user${accounts}@example.com`, password: `pw-${accounts}-secret` };
  await account.register(person);
  return { token: (await account.login({ email: person.email, password: person.password })).token };
}

beforeAll(async () => {
  server = await startTestServer();
  credentials.administrator = await signIn('administrator');
  credentials.user = await signIn('user');
});
afterAll(() => server.close());

describe.each(['administrator', 'user'] as const)('with the %s credential', (who) => {
  const http = () => createHttpClient(server.url);

  it('creates, reads, updates, lists, exports and deletes a link', async () => {
    const links = linkCalls(http(), credentials[who]);
    const shortCode = `res-${who}`;
    const created = await links.create({ target_url: 'https://example.com/a', short_code: shortCode, tags: ['t'] });
    expect(created).toMatchObject({ short_code: shortCode, target_url: 'https://example.com/a' });
    expect(await links.get(created.id)).toMatchObject({ id: created.id, short_code: shortCode });
    expect(await links.update(created.id, { target_url: 'https://example.com/b' })).toMatchObject({
      id: created.id,
      target_url: 'https://example.com/b',
    });
    const page = await links.page({ q: shortCode, tag: '', sort: 'created_at', order: 'desc', page: 1, per_page: 20 });
    expect(page).toMatchObject({ total: 1, page: 1, hasPrev: false, hasNext: false });
    expect(page.links.map((link) => link.short_code)).toEqual([shortCode]);
    expect((await links.tags()).tags).toContainEqual({ name: 't', links: 1 });
    expect(await (await links.exportCsv()).text()).toContain(shortCode);
    expect(await (await analyticsCalls(http(), credentials[who]).clicksCsv(created.id)).text()).toMatch(/^\S/);
    await links.remove(created.id);
    await expect(links.get(created.id)).rejects.toBeInstanceOf(ApiError);
  });

  it('makes and removes an API key of its own side', async () => {
    const keys = keyCalls(http(), credentials[who]);
    const made = await keys.create(`key of the ${who}`);
    expect((await keys.list()).map((key) => key.id)).toContain(made.key.id);
    await keys.remove(made.key.id);
    expect((await keys.list()).map((key) => key.id)).not.toContain(made.key.id);
  });

  it('signs out the session it is sent with, after which a call answers 401', async () => {
    const own = await signIn(who);
    expect(own).not.toEqual(credentials[who]);
    await accountCalls(http()).logout(own);
    const refused = await keyCalls(http(), own)
      .list()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
  });
});

describe("a user's custom domain and the administrator's domain calls", () => {
  it('claims, checks, lists, verifies by hand and removes a domain (docs/api.md#custom-domains)', async () => {
    const user = await signIn('user');
    const domains = domainCalls(createHttpClient(server.url), user);
    const admin = adminDomainCalls(createHttpClient(server.url), credentials.administrator);
    const claimed = await domains.set('Go.Res.Example');
    expect(claimed).toMatchObject({ domain: 'go.res.example', verification: { status: 'pending' } });
    expect(claimed.verification.record.name).toBe('_me-challenge.go.res.example');
    expect((await domains.get()).verification?.record.value).toBe(claimed.verification.record.value);
    const listed = (await admin.list()).domains.find((row) => row.domain === 'go.res.example');
    expect(listed).toMatchObject({ status: 'pending', links: 0, verified_at: null });
    expect(await admin.verify('go.res.example', listed!.team_id)).toMatchObject({
      domain: 'go.res.example',
      status: 'verified',
    });
    expect((await domains.get()).verification?.status).toBe('verified');
    const link = await linkCalls(createHttpClient(server.url), user).create({ target_url: 'https://example.com/d' });
    expect(link).toMatchObject({
      domain: 'go.res.example',
      short_url: `${new URL(server.url).protocol}//go.res.example/${link.short_code}`,
    });
    await admin.remove('go.res.example');
    expect((await admin.list()).domains.map((row) => row.domain)).not.toContain('go.res.example');
    expect((await domains.get()).domain).toBe(null);
    const missing = await admin.verify('go.res.example', listed!.team_id).catch((error: unknown) => error);
    expect((missing as ApiError).status).toBe(404);
  });
});
