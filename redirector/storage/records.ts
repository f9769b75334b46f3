/** Rows as the storage layer hands them to the services. Times are epoch milliseconds. */
import type { Click } from '../contract/clicks';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  custom_domain: string | null;
  created_at: number;
}

export type SessionKind = 'admin' | 'user';

export interface SessionRecord {
  token_hash: string;
  kind: SessionKind;
  user_id: number | null;
  expires_at: number;
}

export interface LinkRecord {
  id: number;
  user_id: number | null;
  title: string;
  target_url: string;
  short_code: string;
  enable_tiktok_bypass: boolean;
  enable_country_redirect: boolean;
  country_redirect_url: string | null;
  enable_instagram_exit: boolean;
  instagram_exit_url: string | null;
  created_at: number;
}

export type NewLink = Omit<LinkRecord, 'id'>;
export type LinkChanges = Partial<Omit<LinkRecord, 'id' | 'user_id' | 'short_code' | 'created_at'>>;

/** Counts that every link object carries (bots left out). */
export interface LinkCounts {
  total_clicks: number;
  unique_visitors: number;
  blocked_visitors: number;
}

export type LinkWithCounts = LinkRecord & LinkCounts;

/** A click as stored: the API's Click with its time as epoch milliseconds only. */
export type ClickRecord = Omit<Click, 'created_at'>;

export type NewClick = Omit<ClickRecord, 'id'>;
