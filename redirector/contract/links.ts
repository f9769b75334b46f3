/** API types for links, shared by the server, the renderer, the desktop app and the tests. Types only. */

import type { LinkHealth } from './linkConversion';
import type { LinkOptionValues } from './linkFields';

export type { GeoTargets, Variant } from './linkFields';

/** A user who made or changed a link, named by the key's name when an API key did. */
export interface LinkAuthor {
  id: number;
  name: string;
}

/** A link as the API shows it: its own fields, then its options (linkFields.ts). */
export interface Link extends LinkOptionValues<'api'> {
  id: number;
  /** Owner; null for links the administrator created. */
  user_id: number | null;
  /** The team that owns the link (docs/api.md#teams); null for links the administrator created. */
  team_id: number | null;
  /**
   * Who made the link and who last changed it (docs/api.md#links-of-a-team): a user's id and name
   * (an API key's name when a key did); null for the administrator.
   */
  created_by: LinkAuthor | null;
  updated_by: LinkAuthor | null;
  /** '' when the link has no title. */
  title: string;
  target_url: string;
  short_code: string;
  /** Same figure as total_clicks (the admin list reads this one). */
  clicks: number;
  total_clicks: number;
  unique_visitors: number;
  blocked_visitors: number;
  /**
   * Clicks a source counted but kept no history of (Kutt, Bitly: docs/api.md#imports): shown, in no
   * dated figure and not in total_clicks; 0 for every other link.
   */
  imported_clicks: number;
  /** ISO 8601 UTC. */
  created_at: string;
  /** Sorted; rules in tags.ts. */
  tags: string[];
  /** Visitors must enter a password; the password itself is write-only. */
  has_password: boolean;
  /** The custom domain the link lives on; null: the default domain (docs/api.md#custom-domains). */
  domain: string | null;
  /** The whole short address, on the link's domain. */
  short_url: string;
  /** What the last check of its destinations found (docs/api.md#link-health). */
  health: LinkHealth;
  /**
   * Read-only: past its expiry date or its click limit used up (bots included, so `clicks` alone
   * cannot tell), as of the answer (docs/api.md#expiry-and-click-limits).
   */
  expired: boolean;
}

/**
 * Body of POST /api/links and POST /api/links/create. Options left out get their defaults (true
 * for forward_query, none for the rest); null removes an option's value (an expiry, an address,
 * every country target).
 */
export interface LinkInput extends Partial<LinkOptionValues<'input'>> {
  title?: string | null;
  target_url: string;
  short_code?: string | null;
  /** Replaces every tag of the link (tags.ts). */
  tags?: string[];
  /** Write-only, 4–128 characters; '' or null removes it; left out keeps it. */
  password?: string | null;
  /** null: the default domain; else the owner's verified domain. Left out: the owner's verified domain on create. */
  domain?: string | null;
}

/** Body of PUT /api/links?id= and PUT /api/links/update?linkId=: any subset of the fields. */
export type LinkUpdate = Partial<LinkInput>;

export interface UserLinksResponse {
  links: Link[];
}

export interface UserLinkResponse {
  link: Link;
}

/** Answer of GET /api/init (admin): the test link it created. */
export interface InitResponse {
  success: true;
  message: string;
  link: Link;
}
