/** Rows as the storage layer hands them to the services. Times are epoch milliseconds. */
import type { Click } from '../contract/clicks';
import type { LinkOptionName, LinkOptionValues } from '../contract/linkFields';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  custom_domain: string | null;
  created_at: number;
  /** A disabled account cannot sign in and its links answer 410. */
  disabled: boolean;
  /** The user's personal team (docs/api.md#teams). */
  personal_team_id: number;
}

/** What an account without a password (invited, not yet signed up) holds: no password matches it. */
export const NO_PASSWORD = '!';

/** Whether a password can match the account's hash: the hashes of accounts without one ('!', single sign-on's '!sso') start with '!'. */
export function hasPassword(user: Pick<UserRecord, 'password_hash'>): boolean {
  return !user.password_hash.startsWith('!');
}

/**
 * A user as the admin's list shows them, with their links and clicks (bots left out), and whether
 * they are still invited: no password of their own yet, nor a sign-in through single sign-on (docs/api.md#users).
 */
export type UserWithCounts = Omit<UserRecord, 'password_hash'> & { links: number; clicks: number; invited: boolean };

export type SessionKind = 'admin' | 'user';

export interface SessionRecord {
  token_hash: string;
  kind: SessionKind;
  user_id: number | null;
  expires_at: number;
  /** Public: names the session in the user's list (docs/api.md#accounts); not a credential. */
  id: string;
  created_at: number;
  last_used_at: number;
  /** Where it was signed in from (docs/api.md#the-account-of-the-signed-in-user); null for older sessions. */
  user_agent: string | null;
  country: string | null;
  city: string | null;
}

/** What a sign-in keeps of where it came from: the user agent and the address's approximate place, not the address. */
export type SessionOrigin = Pick<SessionRecord, 'user_agent' | 'country' | 'city'>;

export const NO_ORIGIN: SessionOrigin = { user_agent: null, country: null, city: null };

export type AccountLinkKind = 'invite' | 'reset';

/** A one-time invitation or reset link, stored only as the hash of its token. */
export interface AccountLinkRecord {
  token_hash: string;
  user_id: number;
  kind: AccountLinkKind;
  created_at: number;
  expires_at: number;
}

/** A link as stored: its own fields, then its options (contract/linkFields.ts), times in epoch milliseconds. */
export interface LinkRecord extends LinkOptionValues<'stored'> {
  id: number;
  user_id: number | null;
  title: string;
  target_url: string;
  short_code: string;
  created_at: number;
  /** auth/passwords.ts's salted hash; never leaves the server. */
  password_hash: string | null;
  /** The custom domain the link lives on; null: the default domain. */
  domain: string | null;
  /** The team that owns the link (docs/api.md#teams); null: the administrator's own. */
  team_id: number | null;
  /** Who made the link and who last changed it: a user's id (null: the administrator), and a key's name when a key did. */
  created_by: number | null;
  created_by_key: string | null;
  updated_by: number | null;
  updated_by_key: string | null;
  /** A source's total of the link's clicks where it kept no history (docs/api.md#imports); 0 otherwise. */
  imported_clicks: number;
}

/** A link's options (docs/api.md#links); a new link may leave them out for their defaults. */
export type LinkOptionFields =
  | LinkOptionName
  | 'password_hash'
  | 'domain'
  | 'team_id'
  | 'created_by'
  | 'created_by_key'
  | 'updated_by'
  | 'updated_by_key'
  | 'imported_clicks';

export type NewLink = Omit<LinkRecord, 'id' | LinkOptionFields> & Partial<Pick<LinkRecord, LinkOptionFields>>;

/** A link as the redirect path keeps it: with its owner's disabled flag, so a redirect needs no second query. */
export type RedirectLink = LinkRecord & { owner_disabled: boolean };
export type LinkChanges = Partial<
  Omit<LinkRecord, 'id' | 'user_id' | 'team_id' | 'created_by' | 'created_by_key' | 'short_code' | 'created_at'>
>;

/** Counts that every link object carries (bots left out). */
export interface LinkCounts {
  total_clicks: number;
  unique_visitors: number;
  blocked_visitors: number;
  /** Clicks taken from the link's click limit, bots included (0 without a limit): whether it is used up. */
  quota_used: number;
}

export type LinkWithCounts = LinkRecord & LinkCounts;

/** A click as stored: the API's Click with its time as epoch milliseconds only. */
export type ClickRecord = Omit<Click, 'created_at'>;

export type NewClick = Omit<ClickRecord, 'id' | 'variant' | 'imported' | 'rule'> & {
  /** The redirect rule that sent the visit; absent or null: none. */
  rule?: number | null;
  /** The split-traffic variant; absent or null: none. */
  variant?: number | null;
  /** Brought in by an import (docs/api.md#imports); absent: a live click. */
  imported?: boolean;
  /**
   * The identity unique and repeat visitors are counted by, when it is not `ip_address` itself
   * (ANONYMIZE_IPS: privacy/addresses.ts). Absent or null: the address is the visitor.
   */
  visitor?: string | null;
};

/** One page of links in the database's order, and how many links match the filters. */
export interface LinkPage {
  rows: LinkWithCounts[];
  total: number;
}

/** The dashboard cards of one user: all of their links, whatever a list's filters. */
export interface LinkTotals {
  links: number;
  clicks: number;
  unique_visitors: number;
}
