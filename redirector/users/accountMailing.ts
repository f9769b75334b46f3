/**
 * Each account's last language and the invitation mail (docs/api.md#languages, #accounts). A
 * sign-in or an account call made in one of the catalogues' languages keeps it as the account's
 * last one. With a mailer, an invitation the administrator makes is mailed to the account, after the
 * answer: in the account's last language, else the administrator's request's, else English (the
 * mail is for the account, not for whoever asked for it). A team invitation (docs/api.md#joining-a-team)
 * is mailed the same way to its address, in the inviting request's language, else the account's
 * last one when the address has an account.
 */
import type { AccountLinkResponse } from '../contract/account';
import { logProblem } from '../observability/logger';
import type { Mailer } from '../outbound/mailer';
import type { Store } from '../storage/store';
import {
  accountMail,
  mailLanguage,
  ssoInvitationMail,
  type TeamInvitationWords,
  teamInvitationMail,
} from './accountMails';

export interface AccountMailing {
  /** Keeps `language` (one of the catalogues') as the account's last; nothing when undefined. */
  noteLanguage(user: { id: number }, language: string | undefined): Promise<void>;
  /** Mails `link`, an invitation, to the account, after the caller goes on; nothing without a mailer. */
  mailInvitation(user: { id: number }, link: AccountLinkResponse, requestLanguage: string | undefined): void;
  /** Mails a team invitation's link to `email`, after the caller goes on; nothing without a mailer. */
  mailTeamInvitation(
    email: string,
    words: Omit<TeamInvitationWords, 'site'>,
    requestLanguage: string | undefined,
  ): void;
  /** Resolves once every mail under way was sent or failed (tests, shutdown). */
  idle(): Promise<void>;
}

export function createAccountMailing(deps: {
  store: Store;
  mailer: Mailer | undefined;
  publicUrl: string;
  /** OIDC_NAME when PASSWORD_LOGIN=off: an invitation then says to sign in with the provider, no password to choose. */
  signInWith: string | undefined;
}): AccountMailing {
  const { store, mailer, publicUrl, signInWith } = deps;
  const underway = new Set<Promise<void>>();

  async function send(userId: number, link: AccountLinkResponse, requestLanguage: string | undefined) {
    const user = await store.users.findById(userId);
    if (!user || !mailer) return;
    const language = mailLanguage(await store.users.languageOf(user.id), requestLanguage);
    const mail =
      signInWith === undefined
        ? accountMail('invite', language, { name: user.name, url: link.url, site: publicUrl })
        : ssoInvitationMail(language, {
            name: user.name,
            url: `${publicUrl}/login`,
            site: publicUrl,
            provider: signInWith,
          });
    await mailer.send({ to: user.email, ...mail });
  }

  async function sendTeamInvitation(email: string, words: Omit<TeamInvitationWords, 'site'>, language?: string) {
    const account = await store.users.findByEmail(email);
    const last = account ? await store.users.languageOf(account.id) : undefined;
    const mail = teamInvitationMail(mailLanguage(language, last), { ...words, site: publicUrl });
    await mailer?.send({ to: email, ...mail });
  }

  function later(work: Promise<void>, what: string) {
    const tracked = work.catch((error) => logProblem(what, error)).finally(() => underway.delete(tracked));
    underway.add(tracked);
  }

  return {
    async noteLanguage(user, language) {
      if (language !== undefined) await store.users.setLanguage(user.id, mailLanguage(language));
    },
    mailInvitation(user, link, requestLanguage) {
      if (mailer) later(send(user.id, link, requestLanguage), 'mailing an invitation link failed');
    },
    mailTeamInvitation(email, words, requestLanguage) {
      if (mailer) later(sendTeamInvitation(email, words, requestLanguage), 'mailing a team invitation failed');
    },
    async idle() {
      while (underway.size > 0) await Promise.all(underway);
    },
  };
}
