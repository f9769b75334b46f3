/**
 * A team's slug made from its name (docs/api.md#teams), on both stores: a second user's team of the
 * same name, or a name another hub holds as its handle, gets the first free of -2 … -20 (not 409),
 * when ten ask at once too; a slug the caller gives is theirs or 409 `This slug is taken`. A slug
 * of digits only is refused (a made one takes `-team`): `X-Team` reads digits as a team's id.
 */
import { describe, expect, it } from 'vitest';
import { TEAM_SLUG_RULE } from '../../../../redirector/contract/teams';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('team slugs made from names ($kind)', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [], (p) => (server = p));

  let made = 0;
  /** An account the administrator makes (past the registration limit's 5 per address), signed in. */
  async function newUser(_server: TestServer, name: string): Promise<{ token: string }> {
    made += 1;
    const email = `${name.toLowerCase()}-${made}-${process.pid}@example.com`;
    const password = `pw-${made}-secret`;
    const user = await call(server, 'POST', '/api/users', {
      headers: adminHeaders(server.adminKey),
      body: { name, email, password },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const login = await call(server, 'POST', '/api/auth?action=login', { body: { email, password } });
    return { token: login.body.token };
  }

  const createTeam = async (who: { token: string }, body: object) =>
    call(server, 'POST', '/api/teams', { headers: bearer(who.token), body });

  it('gives a second and third team of one name the next free slugs, and refuses a given slug that is taken', async () => {
    const slugs: string[] = [];
    for (const name of ['Ann', 'Bob', 'Cai']) {
      const made = await createTeam(await newUser(server, name), { name: 'Marketing' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      slugs.push(made.body.team.slug);
    }
    expect(slugs).toEqual(['marketing', 'marketing-2', 'marketing-3']);
    const given = await createTeam(await newUser(server, 'Dee'), { name: 'Marketing', slug: 'marketing-2' });
    expect(given.status).toBe(409);
    expect(given.body).toEqual({ error: 'This slug is taken' });
  });

  it("passes over a hub's handle, and keeps a long name's slug within 40 characters", async () => {
    const eve = await newUser(server, 'Eve');
    const hub = await call(server, 'PUT', '/api/hub', {
      headers: bearer(eve.token),
      body: { handle: 'sales', title: 'Eve', published: true },
    });
    expect(hub.status, JSON.stringify(hub.body)).toBe(200);
    expect((await createTeam(await newUser(server, 'Fay'), { name: 'Sales' })).body.team.slug).toBe('sales-2');
    const long = 'Northern Region Customer Success Partners';
    const first = await createTeam(await newUser(server, 'Gus'), { name: long });
    const second = await createTeam(await newUser(server, 'Hal'), { name: long });
    expect(first.body.team.slug).toBe('northern-region-customer-success-partner');
    expect(second.body.team.slug).toBe('northern-region-customer-success-partn-2');
  });

  it('refuses a slug of digits only, which X-Team would read as an id: the slug team went to the team of that id', async () => {
    const sam = await newUser(server, 'Sam');
    // Sam's personal team has some id N: a team slugged "00N" was then named by X-Team: 00N ambiguously.
    const personal = (await call(server, 'GET', '/api/teams', { headers: bearer(sam.token) })).body.teams[0].id;
    const digits = String(personal).padStart(3, '0');
    const given = await createTeam(sam, { name: 'Digits', slug: digits });
    expect([given.status, given.body.error]).toEqual([400, TEAM_SLUG_RULE]);
    const renamed = await createTeam(sam, { name: 'Renamed' });
    const rename = await call(server, 'PUT', `/api/teams?id=${renamed.body.team.id}`, {
      headers: bearer(sam.token),
      body: { name: 'Renamed', slug: '2024' },
    });
    expect([rename.status, rename.body.error]).toEqual([400, TEAM_SLUG_RULE]);
    expect((await createTeam(sam, { name: '2024' })).body.team.slug).toBe('2024-team');
    // A ref of digits only is the team of that id, for a member and for the administrator.
    const asAdmin = await call(server, 'POST', '/api/links', {
      headers: { ...adminHeaders(server.adminKey), 'X-Team': digits },
      body: { target_url: 'https://digits.example/' },
    });
    expect([asAdmin.status, asAdmin.body.team_id]).toEqual([201, personal]);
  });

  it('gives ten users creating one name at once ten slugs', async () => {
    const names = ['Ida', 'Jo', 'Kim', 'Lou', 'Max', 'Ned', 'Oli', 'Pam', 'Quin', 'Rae'];
    const users = await Promise.all(names.map((name) => newUser(server, name)));
    for (const round of ['Operations', 'Support']) {
      const made = await Promise.all(users.map((user) => createTeam(user, { name: round })));
      expect(made.map((answer) => answer.status)).toEqual(names.map(() => 201));
      expect(new Set(made.map((answer) => answer.body.team.slug)).size).toBe(names.length);
    }
  });
});
