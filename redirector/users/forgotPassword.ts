/**
 * POST /api/auth?action=forgot (docs/api.md#accounts): the caller learns nothing about which emails
 * have accounts. The call answers as soon as its client address is counted; looking up the account
 * and mailing its reset link happen after the answer, so the answer's timing says nothing either.
 * At most 3 requests per client address an hour (unknown emails count too) and 3 mails per
 * account an hour; beyond, nothing is mailed. Without a mailer (no SMTP_URL) nothing is ever mailed
 * and no link is made: the administrator resets. The mail is written in the request's language,
 * else the account's last one, else English (docs/api.md#languages).
 */
import type { AttemptLimiter } from '../auth/attemptLimiter';
import { clientKeyOf } from '../auth/clientKey';
import { logProblem } from '../observability/logger';
import type { Mailer } from '../outbound/mailer';
import type { Store } from '../storage/store';
import type { AccountLinkService } from './accountLinks';
import { accountMail, mailLanguage } from './accountMails';

export const FORGOT_PER_ADDRESS = 3;
export const MAILS_PER_ACCOUNT = 3;
export const FORGOT_WINDOW_MS = 60 * 60 * 1000;

export interface ForgotPassword {
  /**
   * Counts the request; the mail, when one goes, follows after this resolves, in `language` (the
   * request's, one of the catalogues') when given.
   */
  request(address: string, email: string, language?: string): Promise<void>;
  /** Resolves once every mail under way was sent or failed (tests, shutdown). */
  idle(): Promise<void>;
}

export function createForgotPassword(deps: {
  store: Store;
  links: AccountLinkService;
  mailer: Mailer | undefined;
  /** Requests per client address (FORGOT_PER_ADDRESS an hour). */
  addresses: AttemptLimiter;
  /** Mails per account (MAILS_PER_ACCOUNT an hour), keyed by user id. */
  accounts: AttemptLimiter;
  publicUrl: string;
}): ForgotPassword {
  const { store, links, mailer, addresses, accounts } = deps;
  const underway = new Set<Promise<void>>();

  async function mailLink(email: string, requestLanguage: string | undefined): Promise<void> {
    if (!mailer) return;
    const user = await store.users.findByEmail(email);
    if (!user || user.disabled) return;
    const place = await accounts.reserve(`user:${user.id}`);
    if (!place.granted) return;
    let sent = false;
    try {
      const { url } = await links.issue(user.id, 'reset');
      const language = mailLanguage(requestLanguage, await store.users.languageOf(user.id));
      await mailer.send({
        to: user.email,
        ...accountMail('reset', language, { name: user.name, url, site: deps.publicUrl }),
      });
      sent = true;
    } finally {
      place.settle(sent);
    }
  }

  return {
    async request(address, email, language) {
      const place = await addresses.reserve(clientKeyOf(address));
      if (!place.granted) return;
      place.settle(true);
      const work = mailLink(email, language)
        .catch((error) => logProblem('mailing a password reset link failed', error))
        .finally(() => underway.delete(work));
      underway.add(work);
    },
    async idle() {
      while (underway.size > 0) await Promise.all(underway);
    },
  };
}
