/**
 * An invitation where people sign in only through single sign-on (PASSWORD_LOGIN=off,
 * docs/api.md#invitation-and-reset-links), on both stores, with a real SMTP server and a real
 * OpenID Connect provider on loopback: the administrator's new account without a password is mailed
 * an invitation that sends its owner to the login screen's "Sign in with <OIDC_NAME>", in the
 * account's language, not a password to choose (which PASSWORD_LOGIN=off refuses); and that sign-in,
 * with the provider's verified email, is the invited account's.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import type { TestProvider } from '../../../helpers/oidcProvider';
import {
  mailContent,
  mailingEnv,
  MAIL_PUBLIC_URL as PUBLIC_URL,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../../helpers/smtpReceiver';
import { startSsoServer } from '../../../helpers/ssoServer';
import { ssoSignIn } from '../../../helpers/ssoSignIn';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, testClock } from './accountStores';

describe.each(CLOCKED_STORES)('invitations with PASSWORD_LOGIN=off ($kind)', ({ start }) => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let provider: TestProvider;
  let logs: CapturedLogs;

  startedForSuite(async (ends) => {
    logs = captureLogs();
    ends.after(() => logs.restore());
    smtp = ends.closing(await startSmtpReceiver());
    const env = { ...mailingEnv(smtp), OIDC_NAME: 'Campus Login', OIDC_NEW_USERS: 'off', PASSWORD_LOGIN: 'off' };
    ({ provider, server } = await startSsoServer(ends, (sso) => start(sso, testClock()), env));
  });

  /** The administrator adds `name` (`email`) without a password: the answer, once its invitation is mailed. */
  async function invite(name: string, email: string, language?: string) {
    const made = await call(server, 'POST', '/api/users', {
      body: { name, email },
      headers: { ...adminHeaders(server.adminKey), ...(language ? { 'Accept-Language': language } : {}) },
    });
    expect(made.status).toBe(201);
    await server.app.services.accountMailing.idle();
    const mail = smtp.mails.filter((received) => received.to.includes(email)).at(-1);
    expect(mail).toBeDefined();
    return { made, mail: mailContent(mail!) };
  }

  it('mails the way in through the provider, not a password to choose, and that sign-in is the account', async () => {
    const { made, mail } = await invite('Noor', 'noor@example.edu');
    expect(mail.subject).toBe(`Your account on ${PUBLIC_URL}`);
    expect(mail.text).toContain('Sign in to it with Campus Login here:');
    expect(mail.text).toContain(`${PUBLIC_URL}/login`);
    expect(mail.text).not.toContain('password');
    expect(mail.text).not.toContain('/reset/');
    const session = await ssoSignIn<{ user: { id: number } }>(server, provider, 'noor-sub', {
      email: 'noor@example.edu',
      email_verified: true,
    });
    expect(session.user.id).toBe(made.body.id);
  });

  it('says it in the language of the request when the account has none yet', async () => {
    const { mail } = await invite('Inés', 'ines@example.edu', 'es-ES,es;q=0.9');
    expect(mail.subject).toBe(`Tu cuenta en ${PUBLIC_URL}`);
    expect(mail.text).toContain('Entra en ella con Campus Login aquí:');
    expect(mail.text).not.toContain('contraseña');
  });
});
