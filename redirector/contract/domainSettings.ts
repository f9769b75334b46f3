/** API types and rules of a domain's fallbacks and `.well-known` documents (docs/api.md#domain-fallbacks-and-well-known-documents). */

/** Bytes of a `.well-known` document at most (UTF-8). */
export const MAX_WELL_KNOWN_BYTES = 60_000;

export const WELL_KNOWN_PATHS = {
  apple_app_site_association: '/.well-known/apple-app-site-association',
  asset_links: '/.well-known/assetlinks.json',
} as const;

/** One domain's settings; null: not set. */
export interface DomainSettingsFields {
  root_url: string | null;
  not_found_url: string | null;
  expired_url: string | null;
  /** JSON text, served byte for byte. */
  apple_app_site_association: string | null;
  asset_links: string | null;
}

export const FALLBACK_FIELDS = ['root_url', 'not_found_url', 'expired_url'] as const;
export const DOCUMENT_FIELDS = ['apple_app_site_association', 'asset_links'] as const;

/** GET and PUT /api/settings (administrator): the default domain's. */
export type SettingsResponse = DomainSettingsFields;

export type OrphanKind = 'root' | 'not_found' | 'expired';

/** GET /api/analytics/orphans. */
export interface OrphanVisitsResponse {
  total: number;
  by_kind: Record<OrphanKind, number>;
  top_paths: { path: string; visits: number }[];
}

/** Why a `.well-known` document is refused; undefined when it is fine. */
export function wellKnownProblem(name: string, text: string): string | undefined {
  if (new TextEncoder().encode(text).length > MAX_WELL_KNOWN_BYTES) {
    return `${name} must be at most ${MAX_WELL_KNOWN_BYTES} bytes`;
  }
  try {
    JSON.parse(text);
    return undefined;
  } catch {
    return `${name} must be a JSON document`;
  }
}
