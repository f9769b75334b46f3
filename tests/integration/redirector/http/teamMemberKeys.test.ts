/**
 * A member's API keys of a team end with their membership (docs/api.md#api-keys-of-a-team), on both
 * stores: removed by an owner or leaving, the member's keys of that team are deleted (no longer
 * listed to the owners, each a `key.deleted` entry of the audit log), so that joining again later,
 * whatever the role, does not bring a forgotten key back to life (it did: the key only stopped
 * while its maker was out of the team). Their keys of other teams stay. A key an earlier release
 * left so is deleted when its maker joins again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerAccess, userScope } from '../../../../redirector/auth/scope';
import { hashToken } from '../../../../redirector/auth/tokens';
import { newApiKeySecret, prefixOf } from '../../../../redirector/keys/apiKeySecrets';
import { bearer, call, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS, type StoreServer } from './bothStores';

type User = Awaited<ReturnType<typeof newUser>>;

async function makeKey(server: TestServer, user: User, team: number, name: string): Promise<string> {
  const made = await call(server, 'POST', `/api/keys?team=${team}`, {
    headers: bearer(user.token),
    body: { name, scope: 'write' },
  });
  expect(made.status).toBe(201);
  return made.body.secret;
}

const keyWorks = async (server: TestServer, secret: string) =>
  (await call(server, 'GET', '/api/links/user', { headers: bearer(secret) })).status;

const keyNames = async (server: TestServer, owner: User, team: number) =>
  (await call(server, 'GET', '/api/keys', { headers: inTeam(owner.token, team) })).body.keys.map(
    (key: { name: string }) => key.name,
  );

describe.each(STORE_SERVERS)('a member’s keys end with the membership on $kind', (storeServer) => {
  let server: Awaited<ReturnType<StoreServer['start']>>;
  let owner: User;
  let member: User;

  beforeAll(async () => {
    server = await storeServer.start();
    owner = await newUser(server, 'Kim Owner');
    member = await newUser(server, 'Max Member');
  });
  afterAll(() => server.close());

  it('deletes a removed member’s keys of the team, logged; joining again does not bring them back', async () => {
    const team = await newTeam(server, owner, 'Keyed Co');
    const other = await newTeam(server, member, 'Elsewhere');
    await joinTeam(server, owner, member, team, 'owner');
    const secret = await makeKey(server, member, team, 'deploy bot');
    const elsewhere = await makeKey(server, member, other, 'other bot');
    expect(await keyWorks(server, secret)).toBe(200);
    expect(await keyNames(server, owner, team)).toEqual(['deploy bot']);

    const removed = await call(server, 'DELETE', `/api/teams/members?team=${team}&user=${member.user.id}`, {
      headers: bearer(owner.token),
    });
    expect(removed.status).toBe(204);
    expect(await keyWorks(server, secret)).toBe(401);
    expect(await keyNames(server, owner, team)).toEqual([]);
    const audit = await call(server, 'GET', `/api/audit?team=${team}&action=key.deleted`, {
      headers: bearer(owner.token),
    });
    expect(audit.body.entries).toEqual([
      expect.objectContaining({ action: 'key.deleted', target: expect.objectContaining({ label: 'deploy bot' }) }),
    ]);

    await joinTeam(server, owner, member, team, 'owner');
    expect(await keyWorks(server, secret)).toBe(401);
    expect(await keyNames(server, owner, team)).toEqual([]);
    expect(await keyWorks(server, elsewhere)).toBe(200);
  });

  it('deletes the keys of a member who leaves', async () => {
    const team = await newTeam(server, owner, 'Left Co');
    await joinTeam(server, owner, member, team, 'owner');
    const secret = await makeKey(server, member, team, 'leaver bot');
    const left = await call(server, 'DELETE', `/api/teams/members?team=${team}&user=${member.user.id}`, {
      headers: bearer(member.token),
    });
    expect(left.status).toBe(204);
    await joinTeam(server, owner, member, team, 'viewer');
    expect(await keyWorks(server, secret)).toBe(401);
    expect(await keyNames(server, owner, team)).toEqual([]);
  });

  it('deletes, on joining, a key left from a membership that ended before keys went with it', async () => {
    const team = await newTeam(server, owner, 'Upgraded Co');
    const former = await newUser(server, 'Fay Former');
    // The row a removal of an earlier release left: a key of the team whose maker is no member.
    const secret = newApiKeySecret();
    const stored = await server.store.apiKeys.create(
      userScope({ id: former.user.id, name: 'Fay Former', personal_team_id: 0 }, ownerAccess(team, null)),
      {
        name: 'old bot',
        prefix: prefixOf(secret),
        key_hash: hashToken(secret),
        admin_tag: null,
        created_at: Date.now(),
      },
      20,
    );
    expect(stored).toMatchObject({ team_id: team, user_id: former.user.id });
    expect(await keyWorks(server, secret)).toBe(401);
    await joinTeam(server, owner, former, team, 'owner');
    expect(await keyWorks(server, secret)).toBe(401);
    expect(await keyNames(server, owner, team)).toEqual([]);
  });
});
