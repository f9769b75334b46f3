/**
 * Links that convert (docs/api.md#social-previews, #split-traffic, #link-health): the rules both
 * the server and the link form apply, the sticky choice of a variant, and link health's shapes. Pure.
 */
import { withinCharacters } from './characters';
import type { Variant } from './linkFields';

export const PREVIEW_TITLE_MAX = 120;
export const PREVIEW_DESCRIPTION_MAX = 300;
export const PREVIEW_IMAGE_HTTPS = 'Preview image must be an https:// address';

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 5;
export const VARIANTS_INVALID = 'Variants must be a list of {url, weight}';
export const VARIANTS_COUNT = `Variants: give ${MIN_VARIANTS} to ${MAX_VARIANTS} entries, or none`;
export const VARIANT_WEIGHT = 'Variants: each weight must be a whole number from 1 to 100';
export const VARIANT_WEIGHTS_SUM = 'Variants: the weights must add up to 100';
export const VARIANT_URL = 'Variants: each entry needs a valid http(s) url';

export const previewTextProblem = (field: 'title' | 'description', text: string): string | undefined => {
  const max = field === 'title' ? PREVIEW_TITLE_MAX : PREVIEW_DESCRIPTION_MAX;
  return !withinCharacters(text, max) ? `Preview ${field} must be at most ${max} characters` : undefined;
};

export function previewImageProblem(url: string): string | undefined {
  return /^https:\/\//i.test(url.trim()) ? undefined : PREVIEW_IMAGE_HTTPS;
}

/** The rule a list of variants breaks (count, weights, their sum), or undefined; urls are checked apart. */
export function variantsProblem(variants: readonly { url?: unknown; weight?: unknown }[]): string | undefined {
  if (variants.length === 0) return undefined;
  if (variants.length < MIN_VARIANTS || variants.length > MAX_VARIANTS) return VARIANTS_COUNT;
  for (const variant of variants) {
    const weight = variant.weight;
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 1 || weight > 100) return VARIANT_WEIGHT;
  }
  const sum = variants.reduce((total, variant) => total + (variant.weight as number), 0);
  return sum === 100 ? undefined : VARIANT_WEIGHTS_SUM;
}

/**
 * A visitor's place 0–99 on a link, stable for that visitor and link: FNV-1a of the link and the
 * visitor (§5's: the address, or the anonymised identity), mixed by MurmurHash3's finaliser so that
 * neighbouring addresses spread evenly.
 */
export function variantBucket(linkId: number, visitor: string): number {
  let hash = 0x811c9dc5 ^ linkId;
  for (let index = 0; index < visitor.length; index += 1) {
    hash ^= visitor.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 100;
}

/** The variant whose share holds `bucket` (weights sum to 100). */
export function pickVariant(variants: readonly Variant[], bucket: number): number {
  let upTo = 0;
  for (let index = 0; index < variants.length; index += 1) {
    upTo += variants[index]!.weight;
    if (bucket < upTo) return index;
  }
  return variants.length - 1;
}

export const LINK_HEALTH_STATUSES = ['ok', 'broken', 'unchecked', 'skipped'] as const;
export type LinkHealthStatus = (typeof LINK_HEALTH_STATUSES)[number];

/** What the last check of a link's destinations found (docs/api.md#link-health). */
export interface LinkHealth {
  status: LinkHealthStatus;
  /** ISO 8601; null: never checked. */
  checked_at: string | null;
  /** The failing destination's status, else the last one seen; null when none came. */
  http_status: number | null;
  /**
   * Why the link is broken (or the last soft failure); for `unchecked`, starting with `Not checked:`,
   * why this server could not check it (its resolvers or its network down); null when none.
   */
  error: string | null;
  /** The failing destination; null when none fails. */
  url: string | null;
}

export const UNCHECKED_HEALTH: LinkHealth = {
  status: 'unchecked',
  checked_at: null,
  http_status: null,
  error: null,
  url: null,
};

/** How the reason of a link this server could not check begins (docs/api.md#link-health). */
export const NOT_CHECKED_PREFIX = 'Not checked: ';
export const notCheckedNoResolver = (code: string) => `${NOT_CHECKED_PREFIX}this server cannot resolve names (${code})`;
export const notCheckedNoNetwork = (code: string) =>
  `${NOT_CHECKED_PREFIX}this server cannot reach the network (${code})`;

/** Whether the health says this server could not check the link (not that the link is at fault). */
export function couldNotCheck(health: Pick<LinkHealth, 'status' | 'error'>): boolean {
  return health.status === 'unchecked' && (health.error?.startsWith(NOT_CHECKED_PREFIX) ?? false);
}

/** GET /api/links/health. */
export type LinkHealthCounts = Record<LinkHealthStatus, number>;

/** Answer of POST /api/links/check more than once a minute for one link. */
export const CHECK_TOO_SOON = 'This link was checked less than a minute ago';
