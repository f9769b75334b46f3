/**
 * Joining a team (docs/api.md#joining-a-team) on both stores, with a real SMTP server on loopback:
 * an invitation is mailed (in the inviting request's language) with the link the answer gives;
 * signed out, `{token, name, password}` makes an account for the invitation's email even with
 * REGISTRATION=closed, joins and signs in; an email with an account → 409 "Sign in first"; wrong
 * tokens count toward the credential limit; the join page is told the team's name and the role
 * before joining (nothing for a bad token); no token reaches a log line, the page's path included.
 * A refused join (already a member, or at the team limit) leaves the invitation as it was, and of
 * several people joining with one token at once one joins and the others are told it is used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_MEMBER,
  INVITATION_INVALID,
  MAX_TEAMS_PER_USER,
  SIGN_IN_FIRST,
  TEAM_LIMIT_REACHED,
} from '../../../../redirector/contract/teams';
import { loggablePath } from '../../../../redirector/observability/errorLog';
import { bearer, call, newTeam, newUser } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import {
  mailContent,
  mailingEnv,
  MAIL_PUBLIC_URL as PUBLIC_URL,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../helpers/smtpReceiver';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('joining a team ($kind)', ({ start }) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let logs: CapturedLogs;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let teamId = 0;
  let address = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++address}` });
  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

  /** An invitation to the team for `email`, and its token. */
  async function invite(email: string, role = 'editor', language = 'en') {
    const answer = await call(server, 'POST', `/api/teams/invite?team=${teamId}`, {
      headers: { ...bearer(owner.token), 'Accept-Language': language },
      body: { email, role },
    });
    expect(answer.status).toBe(200);
    const { url, expires_at } = answer.body as { url: string; expires_at: string };
    return { url, expires_at, token: url.split('/join/')[1]! };
  }
  const join = (body: object, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/api/teams/join', { body, headers: { ...from(), ...headers } });
  /** A new account, registered from an address of its own (an address makes at most 5). */
  async function person(name: string) {
    const email = `${name.toLowerCase().replace(/\W/g, '.')}@example.com`;
    const made = await call(server, 'POST', '/api/auth?action=register', {
      headers: from(),
      body: { name, email, password: `${name.length}-joiner-secret` },
    });
    expect(made.status).toBe(201);
    return made.body as { user: { id: number; email: string }; token: string };
  }
  /** The emails of the team's pending invitations, as its owner lists them. */
  const invited = async () =>
    (await call(server, 'GET', `/api/teams/members?team=${teamId}`, { headers: bearer(owner.token) })).body.invitations
      .map((invitation: { email: string }) => invitation.email)
      .sort();
  /** How many people joined the team, as its audit log says. */
  const joinedEntries = async () =>
    (
      await call(server, 'GET', `/api/audit?team=${teamId}&action=member.joined`, {
        headers: bearer(owner.token),
      })
    ).body.total as number;
  const peekStatus = async (token: string) =>
    (await call(server, 'POST', '/api/teams/invitation', { body: { token }, headers: from() })).status;
  /** A refused join changed nothing: the invitation still listed and usable, no one more joined. */
  const expectInvitationKept = async (email: string, token: string, joinedBefore: number) => {
    expect(await invited()).toContain(email);
    expect(await peekStatus(token)).toBe(200);
    expect(await joinedEntries()).toBe(joinedBefore);
  };

  beforeAll(async () => {
    logs = captureLogs();
    smtp = await startSmtpReceiver();
    server = await start({ ...mailingEnv(smtp), REGISTRATION: 'open' });
    owner = await newUser(server, 'Olga Owner');
    teamId = await newTeam(server, owner, 'Acme Mail');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    logs.restore();
  });

  it('mails the invitation, in the language it was asked in, with the link the answer gave', async () => {
    const { url } = await invite('new.person@example.com', 'viewer');
    const { url: spanish } = await invite('otra.persona@example.com', 'editor', 'es');
    await server.app.services.accountMailing.idle();
    const [mail] = mailsTo('new.person@example.com');
    const content = mailContent(mail!);
    expect(content.subject).toBe(`Join Acme Mail on ${PUBLIC_URL}`);
    expect(content.text).toContain('Olga Owner invited you to the team Acme Mail');
    expect(content.text).toContain('as a viewer');
    expect(content.text).toContain('within 7 days');
    expect(content.text.split('\n')).toContain(url);
    const es = mailContent(mailsTo('otra.persona@example.com')[0]!);
    expect(es.subject).toBe(`Únete a Acme Mail en ${PUBLIC_URL}`);
    expect(es.text.split('\n')).toContain(spanish);
  });

  it('signed out, makes the account for the invitation, joins and signs in, even with registration closed', async () => {
    const closed = await start({ PUBLIC_URL, TRUST_PROXY: '1', REGISTRATION: 'closed' });
    try {
      // Registration is closed: the owner is made by the administrator.
      const made = await call(closed, 'POST', '/api/users', {
        headers: { 'X-API-Key': closed.adminKey },
        body: { name: 'Closed Owner', email: 'closed.owner@example.com', password: 'owner-secret' },
      });
      expect(made.status).toBe(201);
      const login = await call(closed, 'POST', '/api/auth?action=login', {
        body: { email: 'closed.owner@example.com', password: 'owner-secret' },
      });
      const ownerHeaders = bearer(login.body.token);
      const team = await call(closed, 'POST', '/api/teams', { headers: ownerHeaders, body: { name: 'Closed Co' } });
      const invited = await call(closed, 'POST', `/api/teams/invite?team=${team.body.team.id}`, {
        headers: ownerHeaders,
        body: { email: 'Joiner@Example.com', role: 'viewer' },
      });
      const token = String(invited.body.url).split('/join/')[1];
      const refused = await call(closed, 'POST', '/api/auth?action=register', {
        body: { name: 'Joiner', email: 'joiner@example.com', password: 'joiner-secret' },
      });
      expect(refused.status).toBe(403);
      const joined = await call(closed, 'POST', '/api/teams/join', {
        body: { token, name: 'Joiner', password: 'joiner-secret' },
      });
      expect(joined.status).toBe(201);
      expect(joined.body.user).toEqual({ id: expect.any(Number), name: 'Joiner', email: 'joiner@example.com' });
      expect(joined.body.team).toMatchObject({ id: team.body.team.id, name: 'Closed Co', role: 'viewer' });
      const teams = await call(closed, 'GET', '/api/teams', { headers: bearer(joined.body.token) });
      expect(teams.body.teams.map((one: { name: string }) => one.name)).toEqual(['Joiner', 'Closed Co']);
      const again = await call(closed, 'POST', '/api/auth?action=login', {
        body: { email: 'joiner@example.com', password: 'joiner-secret' },
      });
      expect(again.status).toBe(200);
      // Single use.
      const twice = await call(closed, 'POST', '/api/teams/join', {
        body: { token, name: 'Other', password: 'other-secret' },
      });
      expect(twice.status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('answers 409 "Sign in first" to an email that has an account, and lets that account join signed in', async () => {
    const member = await newUser(server, 'Has Account');
    const { token } = await invite(member.user.email);
    const refused = await join({ token, name: 'Someone', password: 'someone-secret' });
    expect([refused.status, refused.body.error]).toEqual([409, SIGN_IN_FIRST]);
    const joined = await join({ token }, bearer(member.token));
    expect([joined.status, joined.body.team.role]).toEqual([200, 'editor']);
    expect(joined.body.token).toBeUndefined();
  });

  it('refuses a bad body with 400 and a wrong token with 404, counting wrong tokens as wrong credentials', async () => {
    const { token } = await invite('checked.person@example.com');
    expect((await join({ token, name: '', password: 'long-enough' })).status).toBe(400);
    expect((await join({ token, name: 'Short', password: 'abc' })).status).toBe(400);
    expect((await join({ name: 'No Token', password: 'long-enough' })).status).toBe(400);
    const one = { 'X-Forwarded-For': '203.0.113.77' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await join({ token: `wrong-${attempt}`, name: 'Guess', password: 'guess-secret' }, one)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
    // The right token from that address is refused too while it is limited; from another it works.
    expect((await join({ token, name: 'Checked', password: 'checked-secret' }, one)).status).toBe(429);
    expect((await join({ token, name: 'Checked', password: 'checked-secret' })).status).toBe(201);
  });

  it("tells the join page the team's name, the role, the address and the end, and nothing for a bad token", async () => {
    const { token, expires_at } = await invite('peeking.person@example.com', 'viewer');
    const peek = (body: unknown, headers: Record<string, string> = from()) =>
      call(server, 'POST', '/api/teams/invitation', { body, headers });
    const told = await peek({ token });
    const offered = { team: { name: 'Acme Mail' }, role: 'viewer', email: 'peeking.person@example.com', expires_at };
    expect([told.status, told.body]).toEqual([200, offered]);
    // A used invitation tells nothing more, as an unknown token.
    const used = await invite('peeking.used@example.com');
    expect((await join({ token: used.token, name: 'Used', password: 'used-secret' })).status).toBe(201);
    for (const body of [{ token: `${token}x` }, {}, { token: 42 }, { token: used.token }]) {
      const refused = await peek(body);
      expect([refused.status, refused.body]).toEqual([404, { error: INVITATION_INVALID }]);
    }
    // Wrong tokens count as wrong credentials of the address, as joining's do.
    const one = { 'X-Forwarded-For': '203.0.113.78' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await peek({ token: `no-${attempt}` }, one)).status);
    expect([statuses[9], statuses[10]]).toEqual([404, 429]);
  });

  it("leaves the invitation as it was when a member's join is refused: its own person joins with it after", async () => {
    const member = await person('Already Member');
    await join({ token: (await invite(member.user.email)).token }, bearer(member.token));
    const newcomer = await person('Still Invited');
    const { token } = await invite(newcomer.user.email, 'viewer');
    const before = await joinedEntries();
    const refused = await join({ token }, bearer(member.token));
    expect([refused.status, refused.body]).toEqual([409, { error: ALREADY_MEMBER }]);
    await expectInvitationKept(newcomer.user.email, token, before);
    const joined = await join({ token }, bearer(newcomer.token));
    expect([joined.status, joined.body.team?.role]).toEqual([200, 'viewer']);
    expect(await invited()).not.toContain(newcomer.user.email);
    expect(await joinedEntries()).toBe(before + 1);
  });

  it('leaves the invitation as it was when a join past the team limit is refused: it works once a team is gone', async () => {
    const busy = await person('Busy Person');
    const slugs: string[] = [];
    for (let n = 1; n <= MAX_TEAMS_PER_USER; n += 1) {
      const made = await call(server, 'POST', '/api/teams', {
        headers: bearer(busy.token),
        body: { name: `Busy ${n}` },
      });
      expect(made.status).toBe(201);
      slugs.push(made.body.team.slug);
    }
    const { token } = await invite(busy.user.email);
    const before = await joinedEntries();
    const refused = await join({ token }, bearer(busy.token));
    expect([refused.status, refused.body]).toEqual([409, { error: TEAM_LIMIT_REACHED }]);
    await expectInvitationKept(busy.user.email, token, before);
    const teams = await call(server, 'GET', '/api/teams', { headers: bearer(busy.token) });
    const last = teams.body.teams.find((team: { slug: string | null }) => team.slug === slugs.at(-1));
    const gone = await call(server, 'DELETE', `/api/teams?id=${last.id}`, {
      headers: bearer(busy.token),
      body: { confirm: last.slug },
    });
    expect(gone.status).toBe(204);
    const joined = await join({ token }, bearer(busy.token));
    expect([joined.status, joined.body.team?.name]).toEqual([200, 'Acme Mail']);
    expect(await invited()).not.toContain(busy.user.email);
  });

  it('lets one of several people joining with one token at once in, and tells the others it is used', async () => {
    const { token } = await invite('raced.person@example.com');
    const racers = [];
    for (let n = 1; n <= 6; n += 1) racers.push(await person(`Racer ${n}`));
    const before = await joinedEntries();
    const answers = await Promise.all(racers.map((racer) => join({ token }, bearer(racer.token))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 404, 404, 404, 404, 404]);
    for (const answer of answers.filter((one) => one.status === 404))
      expect(answer.body).toEqual({ error: INVITATION_INVALID });
    expect(await joinedEntries()).toBe(before + 1);
    expect(await invited()).not.toContain('raced.person@example.com');
  });

  it('lets no token reach a log line, the join page path included', async () => {
    const { token } = await invite('logged.person@example.com');
    await fetch(`${server.url}/join/${token}`);
    await call(server, 'POST', '/api/teams/invitation', { body: { token }, headers: from() });
    await join({ token: `${token}x`, name: 'Nope', password: 'nope-secret' });
    await join({ token, name: 'Logged', password: 'logged-secret' });
    await server.app.services.accountMailing.idle();
    expect(logs.lines.some((line) => line.includes('/api/teams/join'))).toBe(true);
    expect(logs.lines.filter((line) => line.includes(token))).toEqual([]);
    // An unexpected error's line names the page without its token.
    expect(loggablePath(`/join/${token}?x=1`)).toBe('/join/…');
    expect(loggablePath(`/reset/${token}`)).toBe('/reset/…');
    expect(loggablePath('/api/teams/join')).toBe('/api/teams/join');
  });
});
