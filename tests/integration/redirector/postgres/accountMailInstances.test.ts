/**
 * An account's last language is the database's, not an instance's (docs/api.md#languages): signed
 * in in Spanish on one PostgreSQL instance, the account gets its reset mail (asked for in no
 * language of ours) and its invitation in Spanish from the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, call, newUser } from '../../../helpers/api';
import { asTestServer, twoServersOnOneSchema } from '../../../helpers/postgres';
import { mailContent, type SmtpReceiver, startSmtpReceiver } from '../../../helpers/smtpReceiver';

const PUBLIC_URL = 'https://go.example.test';

describe('the last language across two PostgreSQL instances', () => {
  let smtp: SmtpReceiver;
  // Filled before the instances start (hooks run in order): they read it then.
  const env: Record<string, string> = { PUBLIC_URL, MAIL_FROM: 'me@go.example.test' };
  beforeAll(async () => {
    smtp = await startSmtpReceiver({ user: 'mailer', password: 'smtp-secret-pw' });
    env.SMTP_URL = smtp.url('mailer', 'smtp-secret-pw');
  });
  const instances = twoServersOnOneSchema(env);
  afterAll(async () => {
    await smtp.close();
  });

  it('writes the mails of instance b in the language the account signed in with on instance a', async () => {
    const { a, b } = instances;
    const user = await newUser(asTestServer(a), 'Inés');
    const signIn = await call(asTestServer(a), 'POST', '/api/auth?action=login', {
      body: { email: user.user.email, password: user.password },
      headers: { 'Accept-Language': 'es' },
    });
    expect(signIn.status).toBe(200);
    await call(asTestServer(b), 'POST', '/api/auth?action=forgot', { body: { email: user.user.email } });
    await b.app.services.forgot.idle();
    await call(asTestServer(b), 'POST', `/api/users/invite?id=${user.user.id}`, { headers: adminHeaders(b.adminKey) });
    await b.app.services.accountMailing.idle();
    const subjects = smtp.mails
      .filter((mail) => mail.to.includes(user.user.email))
      .map((mail) => mailContent(mail).subject);
    expect(subjects).toEqual(['Restablece tu contraseña', `Tu cuenta en ${PUBLIC_URL}`]);
  });
});
