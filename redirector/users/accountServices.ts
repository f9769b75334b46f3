/** Invitations, resets, "forgot password" and self-service, built once by the services (docs/api.md#accounts). */
import type { AttemptLimiter } from '../auth/attemptLimiter';
import type { AuthService } from '../auth/authService';
import { limiterOf } from '../auth/limiterOf';
import type { Config } from '../config';
import { createMailer, type Mailer } from '../outbound/mailer';
import type { Store } from '../storage/store';
import { type AccountLinkService, createAccountLinkService } from './accountLinks';
import { type AccountMailing, createAccountMailing } from './accountMailing';
import { type AccountSelfService, createAccountSelfService } from './accountSelfService';
import {
  createForgotPassword,
  FORGOT_PER_ADDRESS,
  FORGOT_WINDOW_MS,
  type ForgotPassword,
  MAILS_PER_ACCOUNT,
} from './forgotPassword';
import type { UserAdminService } from './userAdminService';

export interface AccountServices {
  /** Invitation and reset links (docs/api.md#accounts). */
  accountLinks: AccountLinkService;
  /** "Forgot password": mails a reset link when SMTP_URL is set. */
  forgot: ForgotPassword;
  /** A signed-in user's own account: profile, sessions, deletion. */
  account: AccountSelfService;
  /** Each account's last language, and the invitation mail (docs/api.md#languages). */
  accountMailing: AccountMailing;
  mailer: Mailer | undefined;
}

/** Invitations, resets, "forgot password" and self-service (docs/api.md#accounts). */
export function accountServices(
  deps: {
    config: Config;
    store: Store;
    auth: AuthService;
    users: UserAdminService;
    clock: () => number;
    limiter: AttemptLimiter;
  },
  hashKey: ((key: string) => string) | undefined,
): AccountServices {
  const { config, store, auth, users, clock, limiter } = deps;
  const accountLinks = createAccountLinkService({ store, auth, clock, publicUrl: config.publicUrl });
  const mailer = config.mail && createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  const windowMs = FORGOT_WINDOW_MS;
  const forgot = createForgotPassword({
    store,
    links: accountLinks,
    mailer,
    addresses: limiterOf(store, 'forgot-addresses', { clock, max: FORGOT_PER_ADDRESS, windowMs }, hashKey),
    accounts: limiterOf(store, 'forgot-accounts', { clock, max: MAILS_PER_ACCOUNT, windowMs }),
    publicUrl: config.publicUrl,
  });
  // Wrong current passwords: the credential limiter per address, and the same limit per account.
  const limits = { addresses: limiter, accounts: limiterOf(store, 'current-passwords', { clock }) };
  const account = createAccountSelfService({ store, auth, users, clock, limits });
  const signInWith = config.passwordLogin ? undefined : config.sso?.name;
  const accountMailing = createAccountMailing({ store, mailer, publicUrl: config.publicUrl, signInWith });
  return { accountLinks, forgot, account, accountMailing, mailer };
}
