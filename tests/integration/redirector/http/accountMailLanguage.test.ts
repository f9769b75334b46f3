/**
 * The mails about an account's password speak its language, on both stores (docs/api.md#languages):
 * a reset mail is written in the language of the "forgot password" request (its Accept-Language,
 * which the UI sets to its chosen language), else in the account's last language (the one of its
 * latest sign-in or account call), else in English; an invitation the administrator mails is
 * written in the account's last language, else the administrator's request's, else English. A real
 * SMTP server on loopback receives them. Both stayed English whatever the language.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import {
  mailContent,
  mailingEnv,
  MAIL_PUBLIC_URL as PUBLIC_URL,
  type ReceivedMail,
  resetLinkIn,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../helpers/smtpReceiver';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, testClock } from './accountStores';

const SPANISH = 'es-ES,es;q=0.9,en;q=0.5';

describe.each(CLOCKED_STORES)('account mails in the language of their request or account ($kind)', ({ start }) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let logs: CapturedLogs;
  let address = 0;
  const forgot = (email: string, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/api/auth?action=forgot', {
      body: { email },
      headers: { 'X-Forwarded-For': `192.0.2.${++address}`, ...headers },
    });
  const settled = () => Promise.all([server.app.services.forgot.idle(), server.app.services.accountMailing.idle()]);
  const lastMailTo = (email: string): ReceivedMail | undefined =>
    smtp.mails.filter((mail) => mail.to.includes(email)).at(-1);

  startedForSuite(async (ends) => {
    logs = captureLogs();
    ends.after(() => logs.restore());
    smtp = ends.closing(await startSmtpReceiver());
    server = ends.closing(await start(mailingEnv(smtp), testClock()));
  });

  it('writes a reset asked for in Spanish in Spanish, with a link that works', async () => {
    const user = await newUser(server, 'Lucía');
    await forgot(user.user.email, { 'Accept-Language': SPANISH });
    await settled();
    const mail = lastMailTo(user.user.email)!;
    const { subject, text } = mailContent(mail);
    expect(subject).toBe('Restablece tu contraseña');
    expect(text).toContain('Hola, Lucía:');
    expect(text).toContain(`Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta en ${PUBLIC_URL}.`);
    expect(text).toContain('en un plazo de 60 minutos');
    const token = resetLinkIn(mail)!.split('/reset/')[1];
    const used = await call(server, 'POST', '/api/auth?action=reset', { body: { token, password: 'lucia-new-pw' } });
    expect(used.status).toBe(200);
  });

  it("writes a reset asked for in no language of ours in the account's last one, else in English", async () => {
    const user = await newUser(server, 'Mateo');
    await forgot(user.user.email);
    await settled();
    expect(mailContent(lastMailTo(user.user.email)!).subject).toBe('Reset your password');
    // The UI asks for the account in its language: that is the account's last one from then on.
    await call(server, 'GET', '/api/account', { headers: { ...bearer(user.token), 'Accept-Language': 'es' } });
    await forgot(user.user.email, { 'Accept-Language': 'de-DE, *' });
    await settled();
    const spanish = mailContent(lastMailTo(user.user.email)!);
    expect(spanish.subject).toBe('Restablece tu contraseña');
    expect(spanish.text).toContain('Si no fuiste tú, ignora este correo');
    // The request's own language comes first.
    await forgot(user.user.email, { 'Accept-Language': 'en-GB' });
    await settled();
    const english = mailContent(lastMailTo(user.user.email)!);
    expect(english.subject).toBe('Reset your password');
    expect(english.text).toContain(
      `Someone (we hope you) asked to reset the password of your account on ${PUBLIC_URL}.`,
    );
    expect(english.text).toContain('within 60 minutes');
  });

  it("mails an invitation in the account's last language, else the administrator's request's, else English", async () => {
    const admin = adminHeaders(server.adminKey);
    const user = await newUser(server, 'Sofía');
    const signIn = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: user.user.email, password: user.password },
      headers: { 'Accept-Language': 'es' },
    });
    expect(signIn.status).toBe(200);
    const invited = await call(server, 'POST', `/api/users/invite?id=${user.user.id}`, {
      headers: { ...admin, 'Accept-Language': 'en' },
    });
    expect(invited.status).toBe(200);
    await settled();
    const spanish = lastMailTo(user.user.email)!;
    expect(mailContent(spanish)).toMatchObject({ subject: `Tu cuenta en ${PUBLIC_URL}` });
    expect(mailContent(spanish).text).toContain('en un plazo de 72 horas');
    expect(resetLinkIn(spanish)).toBe(invited.body.url);

    const newcomer = await call(server, 'POST', '/api/users', {
      body: { name: 'Nadia', email: 'nadia@example.com' },
      headers: { ...admin, 'Accept-Language': 'es' },
    });
    const silent = await call(server, 'POST', '/api/users', {
      body: { name: 'Omar', email: 'omar@example.com' },
      headers: admin,
    });
    expect([newcomer.status, silent.status]).toEqual([201, 201]);
    await settled();
    expect(mailContent(lastMailTo('nadia@example.com')!).subject).toBe(`Tu cuenta en ${PUBLIC_URL}`);
    const english = mailContent(lastMailTo('omar@example.com')!);
    expect(english.subject).toBe(`Your account on ${PUBLIC_URL}`);
    expect(english.text).toContain('within 72 hours');
    expect(resetLinkIn(lastMailTo('omar@example.com')!)).toBe(silent.body.invitation.url);
  });
});
