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
}

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
