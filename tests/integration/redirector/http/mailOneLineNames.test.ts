/**
 * A name cannot write lines of its own into a mail (docs/api.md#invitation-and-reset-links). Names
 * of accounts and teams are free text, line breaks included; mails are plain text, and a name went
 * into them as it was: a team invitation to any address carried the inviter's and the team's extra
 * lines, a link of the inviter's choosing among them, as if the service had written them. Each name
 * now goes into its sentence on one line (control characters and line separators as spaces), so the
 * only line that is a link is the service's own. A real SMTP server on loopback receives the mails.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newTeam } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import {
  mailContent,
  mailingEnv,
  MAIL_PUBLIC_URL as PUBLIC_URL,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../helpers/smtpReceiver';
import { startedForSuite } from '../../../helpers/startedForSuite';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const FORGED = 'https://evil.example/reset/forged-link';
// A right-to-left override (U+202E) and an isolate (U+2066) would turn the rest of the sentence around.
const NAME = `Eve\r\n\r\nYour account is locked. Unlock it here:\r\n${FORGED}\n\u2028P\u202E\u2066S`;
const TEAM = `Acme\r\nX-Extra: header\r\n\r\nJoin here instead:\n${FORGED}`;

describe('names in mails stay on one line', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let logs: CapturedLogs;
  const mailTo = (email: string) => mailContent(smtp.mails.filter((mail) => mail.to.includes(email)).at(-1)!);
  /** The lines of a mail that start with a link. */
  const linkLines = (text: string) => text.split('\n').filter((line) => /^\s*https?:/i.test(line));
  const settled = () => Promise.all([server.app.services.forgot.idle(), server.app.services.accountMailing.idle()]);

  startedForSuite(async (ends) => {
    logs = captureLogs();
    ends.after(() => logs.restore());
    smtp = ends.closing(await startSmtpReceiver());
    server = ends.closing(await startTestServer({ env: mailingEnv(smtp) }));
  });

  it('mails a team invitation with the inviter and the team each on one line, the real link alone', async () => {
    const made = await call(server, 'POST', '/api/auth?action=register', {
      headers: { 'X-Forwarded-For': '192.0.2.10' },
      body: { name: NAME, email: 'eve.owner@example.com', password: 'eve-secret-pw' },
    });
    expect(made.status).toBe(201);
    const team = await newTeam(server, made.body, TEAM);
    const invited = await call(server, 'POST', `/api/teams/invite?team=${team}`, {
      headers: bearer(made.body.token),
      body: { email: 'someone.else@example.org', role: 'viewer' },
    });
    expect(invited.status).toBe(200);
    await settled();
    const { subject, text } = mailTo('someone.else@example.org');
    expect(linkLines(text)).toEqual([invited.body.url]);
    expect(text).toContain(
      `Eve Your account is locked. Unlock it here: ${FORGED} PS invited you to the team Acme X-Extra: header Join here instead: ${FORGED} on ${PUBLIC_URL} as a viewer.`,
    );
    expect(subject).toBe(`Join Acme X-Extra: header Join here instead: ${FORGED} on ${PUBLIC_URL}`);
  });

  it("greets on one line in a reset and in an invitation, whatever the account's name", async () => {
    await call(server, 'POST', '/api/auth?action=forgot', {
      headers: { 'X-Forwarded-For': '192.0.2.11' },
      body: { email: 'eve.owner@example.com' },
    });
    const made = await call(server, 'POST', '/api/users', {
      headers: adminHeaders(server.adminKey),
      body: { name: NAME, email: 'invited.eve@example.com' },
    });
    expect(made.status).toBe(201);
    await settled();
    for (const [email, subject] of [
      ['eve.owner@example.com', 'Reset your password'],
      ['invited.eve@example.com', `Your account on ${PUBLIC_URL}`],
    ]) {
      const mail = mailTo(email!);
      expect(mail.subject).toBe(subject);
      expect(mail.text.split('\n')[0]).toBe(`Hello Eve Your account is locked. Unlock it here: ${FORGED} PS,`);
      expect(linkLines(mail.text)).toHaveLength(1);
      expect(linkLines(mail.text)[0]).toMatch(new RegExp(`^${PUBLIC_URL}/reset/[A-Za-z0-9_-]{43}$`));
    }
  });
});
