/**
 * The texts of the mails about an account's password (docs/api.md#languages, #accounts): the reset
 * link and the invitation, in one of the catalogues' languages. The words live in the catalogues'
 * `mail` namespace (contract/locales/<code>.json), where translators edit every other text; a
 * language without one falls back to English. Plain text: values are not escaped, but each value
 * put into a sentence (a name, a team's name) is kept to one line (docs/api.md#invitation-and-reset-links),
 * so that a name cannot add lines of its own, such as a link of its choosing, to a mail sent to someone else.
 */
import i18next from 'i18next';
import { INVITATION_LIFETIME_MS, RESET_LIFETIME_MS } from '../contract/account';
import { I18NEXT_BASE, LANGUAGES } from '../contract/catalogues';
import { DEFAULT_LANGUAGE } from '../contract/languages';
import { INVITATION_LIFETIME_MS as TEAM_INVITATION_LIFETIME_MS, type TeamRole } from '../contract/teams';
import type { AccountLinkKind } from '../storage/records';

const mails = i18next.createInstance();
void mails.init({ ...I18NEXT_BASE, lng: DEFAULT_LANGUAGE, interpolation: { escapeValue: false } });

/** Line breaks and other control characters (C0, DEL, C1, U+2028, U+2029): each run becomes one space. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]+/gu;
/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): dropped. */
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * `values` with each text on one line, as a sentence of a mail takes it, and in its own order: a
 * name cannot turn the rest of the sentence around (a right-to-left override) either.
 */
export function oneLineWords<T extends { [K in keyof T]: string }>(values: T): T {
  const words: Record<string, string> = {};
  for (const [key, value] of Object.entries<string>(values)) {
    words[key] = value.replace(LINE_BREAKING, ' ').replace(REORDERING, '').trim();
  }
  return words as T;
}

export interface AccountMailText {
  subject: string;
  text: string;
}

/**
 * The language a mail is written in: the request's that caused it, else the account's last one,
 * else English; each only when it is one of the catalogues' languages.
 */
export function mailLanguage(...choices: (string | null | undefined)[]): string {
  return choices.find((choice): choice is string => !!choice && LANGUAGES.includes(choice)) ?? DEFAULT_LANGUAGE;
}

/** The mail carrying `url`, a reset or an invitation link of `name`'s account on `site`. */
export function accountMail(
  kind: AccountLinkKind,
  language: string,
  values: { name: string; url: string; site: string },
): AccountMailText {
  const t = mails.getFixedT(mailLanguage(language));
  const lifetime =
    kind === 'reset'
      ? t('mail.within.minutes', { count: RESET_LIFETIME_MS / 60_000 })
      : t('mail.within.hours', { count: INVITATION_LIFETIME_MS / 3_600_000 });
  const words = { ...oneLineWords(values), lifetime };
  return {
    subject: t(`mail.${kind}.subject`, words),
    text: [
      t('mail.greeting', words),
      '',
      t(`mail.${kind}.why`, words),
      t(`mail.${kind}.choose`, words),
      '',
      values.url,
      '',
      t(`mail.${kind}.otherwise`, words),
    ].join('\n'),
  };
}

/**
 * The invitation of an account whose owner signs in only through single sign-on (PASSWORD_LOGIN=off):
 * no password to choose, the provider's button on the login screen at `url`.
 */
export function ssoInvitationMail(
  language: string,
  values: { name: string; url: string; site: string; provider: string },
): AccountMailText {
  const t = mails.getFixedT(mailLanguage(language));
  const words = oneLineWords(values);
  return {
    subject: t('mail.inviteSso.subject', words),
    text: [
      t('mail.greeting', words),
      '',
      t('mail.inviteSso.why', words),
      t('mail.inviteSso.choose', words),
      '',
      values.url,
      '',
      t('mail.inviteSso.otherwise', words),
    ].join('\n'),
  };
}

/** What a team invitation mail says: who invited, to which team, with which role, and the link. */
export interface TeamInvitationWords {
  team: string;
  inviter: string;
  role: TeamRole;
  url: string;
  site: string;
}

/** The mail carrying a team invitation's link (docs/api.md#joining-a-team), to an address that may have no account. */
export function teamInvitationMail(language: string, values: TeamInvitationWords): AccountMailText {
  const t = mails.getFixedT(mailLanguage(language));
  const lifetime = t('mail.within.days', { count: TEAM_INVITATION_LIFETIME_MS / 86_400_000 });
  const words = { ...oneLineWords(values), lifetime, role: t(`mail.team.roles.${values.role}`) };
  return {
    subject: t('mail.team.subject', words),
    text: [
      t('mail.greetingNoName'),
      '',
      t('mail.team.why', words),
      t('mail.team.choose', words),
      '',
      values.url,
      '',
      t('mail.team.otherwise', words),
    ].join('\n'),
  };
}
