/**
 * "Forgot password" on both stores (docs/api.md#accounts), with a real SMTP server on loopback: the
 * same answer for known and unknown emails, a mail only for a known one whose link works, at most
 * 3 requests per client address and 3 mails per account an hour, nothing secret in the logs, and
 * nothing mailed (nor any link made) without SMTP_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LINK_INVALID, FORGOT_ANSWER } from '../../../../redirector/contract/account';
import { bearer, call, newUser } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import {
  mailingEnv,
  resetLinkIn,
  SMTP_PASSWORD,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../helpers/smtpReceiver';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, type Clock, testClock } from './accountStores';

const HOUR = 60 * 60 * 1000;

describe.each(CLOCKED_STORES)('forgot password ($kind)', ({ start }) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let clock: Clock;
  let logs: CapturedLogs;
  let address = 0;
  /** Each call from its own client address unless one is given. */
  const forgot = (email: unknown, from = `192.0.2.${++address}`) =>
    call(server, 'POST', '/api/auth?action=forgot', { body: { email }, headers: { 'X-Forwarded-For': from } });
  const settled = () => server.app.services.forgot.idle();
  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

  startedForSuite(async (ends) => {
    logs = captureLogs();
    ends.after(() => logs.restore());
    clock = testClock();
    smtp = ends.closing(await startSmtpReceiver());
    server = ends.closing(await start(mailingEnv(smtp), clock));
  });

  it('answers known and unknown emails the same, and mails only the known one a link that works', async () => {
    const user = await newUser(server, 'Fay');
    expect((await call(server, 'GET', '/api/config')).body.mail).toBe(true);
    const known = await forgot(user.user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    expect([known.status, known.body]).toEqual([200, { success: true, message: FORGOT_ANSWER }]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    await settled();
    expect(mailsTo('nobody-here@example.com')).toEqual([]);
    const [mail] = mailsTo(user.user.email);
    expect(mail?.from).toBe('me@go.example.test');
    expect(mail?.user).toBe('mailer');
    const link = resetLinkIn(mail!);
    expect(link).toMatch(/^https:\/\/go\.example\.test\/reset\//);
    const token = link!.split('/reset/')[1];
    const used = await call(server, 'POST', '/api/auth?action=reset', { body: { token, password: 'fay-new-pw' } });
    expect(used.status).toBe(200);
    expect((await call(server, 'GET', '/api/account', { headers: bearer(user.token) })).status).toBe(401);
    const login = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: user.user.email, password: 'fay-new-pw' },
    });
    expect(login.status).toBe(200);
    expect((await forgot('not an email')).status).toBe(400);
  });

  it('mails one account at most 3 times an hour, from any addresses', async () => {
    const user = await newUser(server, 'Gus');
    for (let request = 0; request < 5; request += 1) {
      const answer = await forgot(user.user.email);
      expect(answer.body).toEqual({ success: true, message: FORGOT_ANSWER });
    }
    await settled();
    expect(mailsTo(user.user.email)).toHaveLength(3);
    clock.advance(HOUR);
    await forgot(user.user.email);
    await settled();
    expect(mailsTo(user.user.email)).toHaveLength(4);
  });

  it('takes 3 requests an hour from one client address, unknown emails counted too', async () => {
    const user = await newUser(server, 'Hal');
    const from = '198.51.100.20';
    await forgot('unknown-1@example.com', from);
    await forgot('unknown-2@example.com', from);
    await forgot('unknown-3@example.com', from);
    const fourth = await forgot(user.user.email, from);
    expect([fourth.status, fourth.body]).toEqual([200, { success: true, message: FORGOT_ANSWER }]);
    await settled();
    expect(mailsTo(user.user.email)).toEqual([]);
    await forgot(user.user.email);
    await settled();
    expect(mailsTo(user.user.email)).toHaveLength(1);
  });

  describe('old links die with old credentials', () => {
    /** Asks for a reset link of `email` and answers the token mailed for it. */
    async function mailedToken(email: string): Promise<string> {
      const before = mailsTo(email).length;
      await forgot(email);
      await settled();
      const mail = mailsTo(email)[before];
      expect(mail).toBeDefined();
      return resetLinkIn(mail!)!.split('/reset/')[1]!;
    }
    const reset = (token: string, password: string) =>
      call(server, 'POST', '/api/auth?action=reset', { body: { token, password } });
    const change = (token: string, body: object) =>
      call(server, 'PUT', '/api/account', { headers: bearer(token), body });

    it('a new email cancels the reset link mailed to the old one', async () => {
      const user = await newUser(server, 'Jo');
      const old = await mailedToken(user.user.email);
      const moved = await change(user.token, { email: 'jo-moved@example.com', current_password: user.password });
      expect(moved.status).toBe(200);
      const used = await reset(old, 'stolen-pw');
      expect([used.status, used.body.error]).toEqual([400, ACCOUNT_LINK_INVALID]);
      expect((await change(user.token, { name: 'Jo' })).status).toBe(200);
    });

    it('a new password cancels the reset link, and the invitation or reset the administrator made', async () => {
      const user = await newUser(server, 'Kai');
      const mailed = await mailedToken(user.user.email);
      const changed = await change(user.token, { password: 'kai-new-pw', current_password: user.password });
      expect(changed.status).toBe(200);
      expect((await reset(mailed, 'stolen-pw')).body.error).toBe(ACCOUNT_LINK_INVALID);
      const admin = { 'X-API-Key': server.adminKey };
      const given = await call(server, 'POST', `/api/users/invite?id=${user.user.id}`, { headers: admin });
      expect(given.status).toBe(200);
      const again = await change(user.token, { password: 'kai-newer-pw', current_password: 'kai-new-pw' });
      expect(again.status).toBe(200);
      const invited = await reset(given.body.url.split('/reset/')[1], 'stolen-pw');
      expect([invited.status, invited.body.error]).toEqual([400, ACCOUNT_LINK_INVALID]);
      // A new password set by the command line cancels them too.
      const handed = await call(server, 'POST', `/api/users/reset?id=${user.user.id}`, { headers: admin });
      await server.app.services.accountLinks.setPassword(user.user.id, 'kai-cli-pw');
      expect((await reset(handed.body.url.split('/reset/')[1], 'stolen-pw')).body.error).toBe(ACCOUNT_LINK_INVALID);
    });

    it('a completed reset leaves no other link usable', async () => {
      const user = await newUser(server, 'Lou');
      const mailed = await mailedToken(user.user.email);
      const admin = { 'X-API-Key': server.adminKey };
      const handed = await call(server, 'POST', `/api/users/reset?id=${user.user.id}`, { headers: admin });
      expect((await reset(handed.body.url.split('/reset/')[1], 'lou-new-pw')).status).toBe(200);
      for (const token of [mailed, handed.body.url.split('/reset/')[1]]) {
        const used = await reset(token, 'stolen-pw');
        expect([used.status, used.body.error]).toEqual([400, ACCOUNT_LINK_INVALID]);
      }
      const again = await mailedToken(user.user.email);
      expect((await reset(again, 'lou-newer-pw')).status).toBe(200);
      expect((await reset(again, 'stolen-pw')).body.error).toBe(ACCOUNT_LINK_INVALID);
    });
  });

  it('writes no token, password or SMTP credential in the logs', async () => {
    const text = logs.lines.join('\n');
    expect(text).not.toContain(SMTP_PASSWORD);
    expect(text).not.toMatch(/\/reset\/[A-Za-z0-9_-]{20,}/);
    expect(text).not.toContain('fay-new-pw');
  });
});

describe.each(CLOCKED_STORES)('forgot password without SMTP_URL ($kind)', ({ start }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await start({}, testClock());
  });
  afterAll(() => server.close());

  it("answers the same and makes no link (the administrator's link stays the one that works)", async () => {
    const user = await newUser(server, 'Ida');
    expect((await call(server, 'GET', '/api/config')).body.mail).toBe(false);
    const given = await call(server, 'POST', `/api/users/reset?id=${user.user.id}`, {
      headers: { 'X-API-Key': server.adminKey },
    });
    const answer = await call(server, 'POST', '/api/auth?action=forgot', { body: { email: user.user.email } });
    expect([answer.status, answer.body]).toEqual([200, { success: true, message: FORGOT_ANSWER }]);
    await server.app.services.forgot.idle();
    const token = given.body.url.split('/reset/')[1];
    const used = await call(server, 'POST', '/api/auth?action=reset', { body: { token, password: 'ida-new-pw' } });
    expect(used.status).toBe(200);
  });
});
