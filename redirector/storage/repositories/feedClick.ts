/**
 * A click as webhooks, the broker and the live stream read it, and the query that reads them
 * (docs/api.md#webhooks, docs/api.md#live-stream): shared by the database's feed (eventFeed.ts)
 * and the window of recent clicks that answers for it (recentClicks.ts).
 */
import type { Scope } from '../../auth/scope';

export interface FeedClick {
  id: number;
  link_id: number;
  short_code: string;
  /** The link's owner; null: the administrator's link. */
  user_id: number | null;
  /** The link's team (docs/api.md#teams); null: the administrator's link. */
  team_id: number | null;
  /** The link's custom domain (docs/api.md#custom-domains); null: the default domain. */
  domain: string | null;
  /**
   * The user who made the link (null: the administrator; undefined: not read), for the live streams
   * of own-links-only members (docs/api.md#roles).
   */
  created_by?: number | null;
  clicked_at: number;
  country: string;
  city: string | null;
  device_type: string;
  os: string | null;
  browser: string | null;
  referrer_source: string | null;
  ip_address: string;
}

export interface FeedQuery {
  /** Clicks with ids above this one. */
  after: number;
  /** ... and at most this one (undefined: no bound). */
  upTo?: number;
  /** The clicks of the links this scope reaches (docs/api.md#scope-who-a-call-acts-for). */
  scope: Scope;
  limit: number;
  /** Only this link's clicks (those of a link about to be deleted). */
  linkId?: number;
}
