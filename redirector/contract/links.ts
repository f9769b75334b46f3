/** API types for links, shared by the server, the renderer, the desktop app and the tests. Types only. */

export interface Link {
  id: number;
  /** Owner; null for links the administrator created. */
  user_id: number | null;
  /** '' when the link has no title. */
  title: string;
  target_url: string;
  short_code: string;
  /** Same figure as total_clicks (the admin list reads this one). */
  clicks: number;
  total_clicks: number;
  unique_visitors: number;
  blocked_visitors: number;
  /** ISO 8601 UTC. */
  created_at: string;
  enable_tiktok_bypass: boolean;
  enable_country_redirect: boolean;
  country_redirect_url: string | null;
  enable_instagram_exit: boolean;
  instagram_exit_url: string | null;
  /** Sorted; rules in tags.ts. */
  tags: string[];
  /** The visit's query string is merged into the address the visit is sent to. */
  forward_query: boolean;
  /** ISO 8601 UTC; from then on the link is expired. */
  expires_at: string | null;
  /** Clicks (bots included) after which the link is expired (docs/api.md#expiry-and-click-limits). */
  max_clicks: number | null;
  /** Where an expired link sends visitors; null: a 410 page. */
  expired_url: string | null;
  /** Visitors must enter a password; the password itself is write-only. */
  has_password: boolean;
  ios_url: string | null;
  android_url: string | null;
  /** ISO 3166-1 alpha-2 country code (upper case) → address; at most MAX_GEO_TARGETS entries. */
  geo_targets: GeoTargets;
}

/** Country code → address for visitors from that country; rules in linkOptions.ts. */
export type GeoTargets = Record<string, string>;

/** Body of POST /api/links and POST /api/links/create. */
export interface LinkInput {
  title?: string | null;
  target_url: string;
  short_code?: string | null;
  enable_tiktok_bypass?: boolean;
  enable_country_redirect?: boolean;
  country_redirect_url?: string | null;
  enable_instagram_exit?: boolean;
  instagram_exit_url?: string | null;
  /** Replaces every tag of the link (tags.ts). */
  tags?: string[];
  /** Default true. */
  forward_query?: boolean;
  /** ISO 8601 time; null removes it. */
  expires_at?: string | null;
  /** Integer ≥ 1; null removes it. */
  max_clicks?: number | null;
  expired_url?: string | null;
  /** Write-only, 4–128 characters; '' or null removes it; left out keeps it. */
  password?: string | null;
  ios_url?: string | null;
  android_url?: string | null;
  /** Replaces every entry; {} or null removes them all. */
  geo_targets?: GeoTargets | null;
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
