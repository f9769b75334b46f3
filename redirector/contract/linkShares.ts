/** API types and rules of shared stats pages (docs/api.md#shared-stats). */

/** A link's shares at most: a page per audience is plenty, and each is one row to revoke. */
export const MAX_SHARES_PER_LINK = 20;
/** Days the page shows when the address names no range. */
export const SHARED_STATS_DEFAULT_DAYS = 30;
/** The path a share's page lives at: `/stats/<token>`. */
export const SHARED_STATS_PATH = '/stats/';

export interface LinkShare {
  id: number;
  /** `PUBLIC_URL/stats/<token>`: only in the answer that created it (only a hash of the token is kept); null in lists. */
  url: string | null;
  has_password: boolean;
  /** ISO 8601, or null: never. */
  expires_at: string | null;
  created_at: string;
}

export interface LinkShareResponse {
  share: LinkShare;
}

export interface LinkSharesResponse {
  shares: LinkShare[];
}
