/**
 * The browser extension's one check of a key (docs/extension.md#set-it-up) against the real server
 * on both stores: a write key passes (the server's 400 for the empty body, no link made), a read key
 * is refused as read-only (it once passed and was kept, and every shortening then failed), a wrong
 * key as wrong; and the popup's 403s tell a read-only key from another refusal (the link limit).
 */
import { describe, expect, it } from 'vitest';
import { failureOfAnswer, KEY_CHECK, keyCheckFailure } from '../../../../redirector/contract/extension';
import { bearer, call, newUser } from '../../../helpers/api';
import { madeOnServer } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

interface Keys {
  token: string;
  write: string;
  read: string;
}

async function makeKeys(server: TestServer): Promise<Keys> {
  const user = await newUser(server, 'Extension User');
  const key = async (scope: string) => {
    const made = await call(server, 'POST', '/api/keys', { headers: bearer(user.token), body: { name: scope, scope } });
    expect(made.status).toBe(201);
    return made.body.secret as string;
  };
  return { token: user.token, write: await key('write'), read: await key('read') };
}

async function check(server: TestServer, key: string) {
  const answer = await call(server, KEY_CHECK.method, KEY_CHECK.path, {
    headers: { ...bearer(key), 'Content-Type': 'application/json' },
    rawBody: KEY_CHECK.body,
  });
  return keyCheckFailure(answer.status, answer.body?.error);
}

describe.each(STORE_SERVERS)("the extension's key check on $kind", (storeServer) => {
  let server: TestServer;
  let keys: Keys;
  madeOnServer(storeServer.start, { MAX_LINKS_PER_TEAM: '1' }, makeKeys, (p) => ({ server, made: keys } = p));

  it('passes a write key without making a link, refuses a read key as read-only and a wrong key as wrong', async () => {
    expect(await check(server, keys.write)).toBeUndefined();
    const links = await call(server, 'GET', '/api/links/user', { headers: bearer(keys.token) });
    expect(links.body.links).toEqual([]);
    expect(await check(server, keys.read)).toEqual({ kind: 'readOnly' });
    expect(await check(server, `me_${'x'.repeat(40)}`)).toEqual({ kind: 'wrongKey' });
  });

  it("tells the link limit's 403 from a read key's", async () => {
    const create = (key: string, n: number) =>
      call(server, 'POST', '/api/links/create', {
        headers: bearer(key),
        body: { target_url: `https://e.example/${n}` },
      });
    expect((await create(keys.write, 1)).status).toBe(201);
    const full = await create(keys.write, 2);
    expect(failureOfAnswer(full.status, full.body.error)).toEqual({ kind: 'forbidden', message: full.body.error });
    const read = await create(keys.read, 3);
    expect(failureOfAnswer(read.status, read.body.error)).toEqual({ kind: 'readOnly' });
  });
});
