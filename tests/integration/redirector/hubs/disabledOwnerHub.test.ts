/**
 * A disabled owner's hub is gone at once (docs/api.md#the-public-page): right after the
 * administrator disables its owner, the page answers 410 on the instance that did it (its page
 * cache dropped), and within 1 s on another instance on the same PostgreSQL schema; enabling again
 * answers 200 the same way. On SQLite and on two PostgreSQL instances.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { request } from '../../../helpers/rawRequest';
import { type TestServer, withTestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { waitFor } from '../../../helpers/webhookReceiver';

const WITHIN_MS = 1000;
const within = (check: () => Promise<boolean>) => waitFor(check, WITHIN_MS, `a change seen within ${WITHIN_MS} ms`, 10);
const ENV = { PUBLIC_URL: 'https://me.example.com' };

const page = async (server: TestServer, handle: string) =>
  (await request(`${server.url}/@${handle}`, { headers: { Host: 'me.example.com', 'User-Agent': UA.desktopChrome } }))
    .status;
const setDisabled = (server: TestServer, id: number, disabled: boolean) =>
  call(server, 'PUT', `/api/users?id=${id}`, { headers: adminHeaders(server.adminKey), body: { disabled } });

/** A user with a published hub `handle`, its page read once (so the instance keeps it). */
async function publishedHub(server: TestServer, handle: string): Promise<number> {
  const owner = await newUser(server, handle);
  const hub = await call(server, 'PUT', '/api/hub', {
    headers: bearer(owner.token),
    body: { handle, title: `${handle}'s links`, published: true, links: [] },
  });
  expect(hub.status).toBe(200);
  return owner.user.id;
}

describe("a disabled owner's hub", () => {
  it('answers 410 right after the owner is disabled on SQLite, and 200 right after enabling', () =>
    withTestServer({ env: ENV }, async (server) => {
      const owner = await publishedHub(server, 'cleo');
      expect(await page(server, 'cleo')).toBe(200);
      expect((await setDisabled(server, owner, true)).status).toBe(200);
      expect(await page(server, 'cleo')).toBe(410);
      expect((await setDisabled(server, owner, false)).status).toBe(200);
      expect(await page(server, 'cleo')).toBe(200);
    }));

  describe('on two PostgreSQL instances', () => {
    const instances = twoTestServersOnOneSchema(ENV);

    it('answers 410 at once on the instance that disabled it, within 1 s on the other; 200 the same way', async () => {
      const { a, b } = instances();
      const owner = await publishedHub(a, 'dora');
      expect(await page(a, 'dora')).toBe(200);
      await within(async () => (await page(b, 'dora')) === 200);

      expect((await setDisabled(a, owner, true)).status).toBe(200);
      expect(await page(a, 'dora')).toBe(410);
      await within(async () => (await page(b, 'dora')) === 410);

      expect((await setDisabled(a, owner, false)).status).toBe(200);
      expect(await page(a, 'dora')).toBe(200);
      await within(async () => (await page(b, 'dora')) === 200);
    });
  });
});
