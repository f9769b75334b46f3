/**
 * A signed-in user's own account on both stores (docs/api.md#accounts): name, email and password
 * changes and their rules, sessions listed and ended, and deletion with everything the user owned.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userScope } from '../../../../redirector/auth/scope';
import { CURRENT_PASSWORD_WRONG } from '../../../../redirector/contract/account';
import { bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { IP, UA } from '../../../helpers/visitors';
import { CLOCKED_STORES, type Clock, testClock } from './accountStores';

describe.each(CLOCKED_STORES)('account self-service ($kind)', ({ start }) => {
  let server: TestServer;
  let clock: Clock;
  const as = (token: string, method: string, path: string, body?: unknown) =>
    call(server, method, path, { headers: bearer(token), body });
  const login = (email: string, password: string) =>
    call(server, 'POST', '/api/auth?action=login', { body: { email, password } });

  beforeAll(async () => {
    clock = testClock();
    server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', TRUST_PROXY: '1' }, clock);
  });
  afterAll(() => server.close());
  // Past the limit of accounts made from one address (5 an hour).
  beforeEach(() => clock.advance(60 * 60 * 1000));

  it('changes the name freely, the email only with the current password, and refuses a taken email', async () => {
    const kim = await newUser(server, 'Kim');
    const other = await newUser(server, 'Lee');
    expect((await as(kim.token, 'GET', '/api/account')).body).toEqual({ user: { ...kim.user, has_password: true } });
    const renamed = await as(kim.token, 'PUT', '/api/account', { name: '  Kim K ' });
    expect([renamed.status, renamed.body.user.name]).toEqual([200, 'Kim K']);
    const noPassword = await as(kim.token, 'PUT', '/api/account', { email: 'kim@new.example' });
    expect([noPassword.status, noPassword.body.error]).toEqual([403, CURRENT_PASSWORD_WRONG]);
    const wrong = await as(kim.token, 'PUT', '/api/account', {
      email: 'kim@new.example',
      current_password: 'nope-nope',
    });
    expect([wrong.status, wrong.body.error]).toEqual([403, CURRENT_PASSWORD_WRONG]);
    const taken = await as(kim.token, 'PUT', '/api/account', {
      email: other.user.email.toUpperCase(),
      current_password: kim.password,
    });
    expect(taken.status).toBe(409);
    const moved = await as(kim.token, 'PUT', '/api/account', {
      email: 'Kim@New.example',
      current_password: kim.password,
    });
    expect([moved.status, moved.body.user.email]).toEqual([200, 'kim@new.example']);
    // The same email again is no change, so needs no password.
    expect((await as(kim.token, 'PUT', '/api/account', { email: 'kim@new.example' })).status).toBe(200);
    expect((await login('kim@new.example', kim.password)).status).toBe(200);
    expect((await as(kim.token, 'PUT', '/api/account', { name: '' })).status).toBe(400);
    expect(
      (await as(kim.token, 'PUT', '/api/account', { password: '123', current_password: kim.password })).status,
    ).toBe(400);
    expect((await as(kim.token, 'PUT', '/api/account', [])).status).toBe(400);
  });

  it('a new password needs the current one and ends every other session, the caller’s kept', async () => {
    const max = await newUser(server, 'Max');
    const phone = (await login(max.user.email, max.password)).body.token as string;
    expect((await as(phone, 'PUT', '/api/account', { password: 'max-new-pw', current_password: 'wrong' })).status).toBe(
      403,
    );
    expect((await as(max.token, 'GET', '/api/account')).status).toBe(200);
    const changed = await as(phone, 'PUT', '/api/account', { password: 'max-new-pw', current_password: max.password });
    expect(changed.status).toBe(200);
    expect((await as(max.token, 'GET', '/api/account')).status).toBe(401);
    expect((await as(phone, 'GET', '/api/account')).status).toBe(200);
    expect((await login(max.user.email, max.password)).status).toBe(401);
    expect((await login(max.user.email, 'max-new-pw')).status).toBe(200);
  });

  it('lists sessions with their times and the current one, ends one by id or all others', async () => {
    const ned = await newUser(server, 'Ned');
    clock.advance(60_000);
    const second = (await login(ned.user.email, ned.password)).body.token as string;
    clock.advance(120_000);
    const third = (await login(ned.user.email, ned.password)).body.token as string;
    clock.advance(120_000);
    await as(ned.token, 'GET', '/api/links/user');
    const listed = await as(second, 'GET', '/api/account/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as {
      id: string;
      created_at: string;
      last_used_at: string;
      current: boolean;
    }[];
    // Registering's session, sign-in's (used just now), the second and the third; newest first.
    expect(sessions).toHaveLength(4);
    expect(sessions.filter((session) => session.current)).toEqual([sessions[1]]);
    const newest = sessions[0]!;
    expect(Date.parse(newest.created_at)).toBe(clock.now - 120_000);
    const used = sessions.filter((session) => !session.current && Date.parse(session.last_used_at) === clock.now);
    expect(used).toHaveLength(1);
    expect(Date.parse(used[0]!.created_at)).toBe(clock.now - 300_000);
    expect((await as(second, 'DELETE', `/api/account/sessions?id=${newest!.id}`)).body).toEqual({ ended: 1 });
    expect((await as(third, 'GET', '/api/account')).status).toBe(401);
    const other = await newUser(server, 'Oz');
    const theirs = (await as(other.token, 'GET', '/api/account/sessions')).body.sessions[0].id;
    expect((await as(second, 'DELETE', `/api/account/sessions?id=${theirs}`)).status).toBe(404);
    expect((await as(other.token, 'GET', '/api/account')).status).toBe(200);
    expect((await as(second, 'DELETE', '/api/account/sessions?id=not-hex')).status).toBe(400);
    expect((await as(second, 'DELETE', '/api/account/sessions')).body).toEqual({ ended: 2 });
    expect((await as(ned.token, 'GET', '/api/account')).status).toBe(401);
    expect((await as(second, 'GET', '/api/account/sessions')).body.sessions).toHaveLength(1);
  });

  it('names each session’s browser, system and approximate place, from its sign-in', async () => {
    const uma = await newUser(server, 'Uma');
    clock.advance(1000);
    const fromMumbai = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: uma.user.email, password: uma.password },
      headers: { 'User-Agent': UA.iphoneSafari, 'X-Forwarded-For': IP.india },
    });
    clock.advance(1000);
    const fromUs = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: uma.user.email, password: uma.password },
      headers: { 'User-Agent': UA.desktopChrome, 'X-Forwarded-For': IP.us },
    });
    const listed = (await as(fromUs.body.token, 'GET', '/api/account/sessions')).body.sessions;
    const origins = listed.map(({ browser, os, country, city, current }: Record<string, unknown>) => ({
      browser,
      os,
      country,
      city,
      current,
    }));
    expect(origins.slice(0, 2)).toEqual([
      { browser: 'Chrome', os: 'Windows', country: 'US', city: 'Ashburn', current: true },
      { browser: 'Mobile Safari', os: 'iOS', country: 'IN', city: 'Mumbai', current: false },
    ]);
    // The test helper's own sign-ins: from a private address, which has no place.
    for (const origin of origins.slice(2)) expect(origin).toMatchObject({ country: null, city: null });
    expect(fromMumbai.status).toBe(200);
    // The address itself is not kept: only the place.
    const stored = await server.store.sessions.listForUser(uma.user.id, clock.now);
    expect(JSON.stringify(stored)).not.toContain(IP.india);
  });

  it('an API key cannot manage its owner’s account', async () => {
    const pam = await newUser(server, 'Pam');
    const key = await as(pam.token, 'POST', '/api/keys', { name: 'script' });
    for (const [method, path] of [
      ['GET', '/api/account'],
      ['PUT', '/api/account'],
      ['DELETE', '/api/account'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
    ] as const) {
      const body = method === 'GET' ? undefined : { password: pam.password };
      expect((await as(key.body.secret, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('deleting the account needs its password and removes everything it owned', async () => {
    const quinn = await newUser(server, 'Quinn');
    const link = await as(quinn.token, 'POST', '/api/links/create', {
      short_code: 'quinn-1',
      target_url: 'https://quinn.example.com/',
    });
    expect(link.status).toBe(201);
    const visit = await fetch(`${server.url}/quinn-1`, {
      redirect: 'manual',
      headers: { 'User-Agent': UA.desktopChrome },
    });
    expect(visit.status).toBe(302);
    await server.app.drain();
    const linkId = link.body.link.id as number;
    expect(await server.store.clicks.listByLink(linkId)).toHaveLength(1);
    const key = await as(quinn.token, 'POST', '/api/keys', { name: 'k' });
    const hook = await as(quinn.token, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['link.created'],
    });
    expect(hook.status).toBe(201);
    expect((await as(quinn.token, 'POST', '/api/user/domain', { domain: 'go.quinn.example' })).status).toBe(200);

    const wrong = await as(quinn.token, 'DELETE', '/api/account', { password: 'not-it' });
    expect([wrong.status, wrong.body.error]).toEqual([403, CURRENT_PASSWORD_WRONG]);
    expect((await as(quinn.token, 'DELETE', '/api/account')).status).toBe(403);
    expect((await as(quinn.token, 'GET', '/api/account')).status).toBe(200);

    const quinnTeam = (await server.store.users.findById(quinn.user.id))!.personal_team_id;
    const deleted = await as(quinn.token, 'DELETE', '/api/account', { password: quinn.password });
    expect(deleted.status).toBe(204);
    expect(await server.store.users.findById(quinn.user.id)).toBeUndefined();
    expect(await server.store.links.findById(linkId)).toBeUndefined();
    expect(await server.store.clicks.listByLink(linkId)).toEqual([]);
    // Quinn's personal team went with the account.
    const gone = { ...quinn.user, personal_team_id: quinnTeam };
    expect(await server.store.apiKeys.list(userScope(gone))).toEqual([]);
    expect((await as(key.body.secret, 'GET', '/api/links/user')).status).toBe(401);
    expect(await server.store.events.webhooks.list(userScope(gone))).toEqual([]);
    expect((await as(quinn.token, 'GET', '/api/account')).status).toBe(401);
    expect((await login(quinn.user.email, quinn.password)).status).toBe(401);
    expect((await fetch(`${server.url}/quinn-1`, { redirect: 'manual' })).status).toBe(404);
    // The domain is free again.
    const next = await newUser(server, 'Rae');
    expect((await as(next.token, 'POST', '/api/user/domain', { domain: 'go.quinn.example' })).status).toBe(200);
  });
});
