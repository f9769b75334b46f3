/**
 * Deleted means gone at once (docs/api.md#users, #several-instances): deleting an account (`DELETE
 * /api/account`) or a user (the administrator) drops its verified domain from routing and from `GET
 * /api/domains/allowed` at once on the instance that did it, and within 1 s on another instance on
 * the same PostgreSQL schema. On SQLite it stayed served until a restart.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { type TestServer, withTestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { waitFor } from '../../../helpers/webhookReceiver';

const WITHIN_MS = 1000;
const within = (check: () => Promise<boolean>) => waitFor(check, WITHIN_MS, `a change seen within ${WITHIN_MS} ms`, 10);
const ENV = { PUBLIC_URL: 'https://me.example.com' };

const allowed = async (server: TestServer, host: string) =>
  (await call(server, 'GET', `/api/domains/allowed?domain=${host}`)).status;
const visit = (server: TestServer, host: string, path: string) =>
  request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': UA.desktopChrome } });

/** An account with `host` verified (by the administrator) and the link `hop` on it, served by `server`. */
async function ownerOf(server: TestServer, name: string, host: string) {
  const admin = adminHeaders(server.adminKey);
  const email = `${name}@example.com`;
  const made = await call(server, 'POST', '/api/users', {
    headers: admin,
    body: { name, email, password: 'secret-password' },
  });
  const login = await call(server, 'POST', '/api/auth?action=login', { body: { email, password: 'secret-password' } });
  const token: string = login.body.token;
  await call(server, 'POST', '/api/user/domain', { headers: bearer(token), body: { domain: host } });
  const verified = await call(server, 'PUT', `/api/domains?domain=${host}`, {
    headers: admin,
    body: { status: 'verified' },
  });
  expect(verified.status).toBe(200);
  const link = await call(server, 'POST', '/api/links/create', {
    headers: bearer(token),
    body: { target_url: 'https://example.com/', short_code: 'hop' },
  });
  expect(link.body.link.short_url).toBe(`https://${host}/hop`);
  expect(await allowed(server, host)).toBe(200);
  expect((await visit(server, host, '/hop')).status).toBe(302);
  return { id: made.body.id as number, token };
}

/** Both ways to delete an account: its own call, and the administrator's. */
const DELETIONS = [
  {
    how: 'DELETE /api/account',
    remove: (server: TestServer, owner: { id: number; token: string }) =>
      call(server, 'DELETE', '/api/account', { headers: bearer(owner.token), body: { password: 'secret-password' } }),
  },
  {
    how: 'DELETE /api/users',
    remove: (server: TestServer, owner: { id: number; token: string }) =>
      call(server, 'DELETE', `/api/users?id=${owner.id}`, { headers: adminHeaders(server.adminKey) }),
  },
];

describe.each(DELETIONS)('an account deleted by $how', ({ remove }) => {
  it('stops serving its domain at once on SQLite', () =>
    withTestServer({ env: ENV }, async (server) => {
      const owner = await ownerOf(server, 'ann', 'go.ann.test');
      expect((await remove(server, owner)).status).toBe(204);
      expect(await allowed(server, 'go.ann.test')).toBe(404);
      expect((await visit(server, 'go.ann.test', '/hop')).status).toBe(404);
      const listed = await call(server, 'GET', '/api/domains', { headers: adminHeaders(server.adminKey) });
      expect(listed.body.domains).toEqual([]);
      // Nothing is left to remove; someone else may claim it.
      expect(
        (await call(server, 'DELETE', '/api/domains?domain=go.ann.test', { headers: adminHeaders(server.adminKey) }))
          .status,
      ).toBe(404);
    }));

  describe('on two PostgreSQL instances', () => {
    const instances = twoTestServersOnOneSchema(ENV);

    it('stops serving its domain at once on the one that deleted it, within 1 s on the other', async () => {
      const { a, b } = instances();
      const owner = await ownerOf(a, 'bea', 'go.bea.test');
      await within(async () => (await allowed(b, 'go.bea.test')) === 200);
      expect((await visit(b, 'go.bea.test', '/hop')).status).toBe(302);

      expect((await remove(a, owner)).status).toBe(204);
      expect(await allowed(a, 'go.bea.test')).toBe(404);
      expect((await visit(a, 'go.bea.test', '/hop')).status).toBe(404);
      await within(async () => (await allowed(b, 'go.bea.test')) === 404);
      await within(async () => (await visit(b, 'go.bea.test', '/hop')).status === 404);
    });
  });
});
