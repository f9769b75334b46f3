/**
 * The hub: each user's public page of links (docs/api.md#the-hub). Its API shapes and the pure
 * rules of `PUT /api/hub`, shared by the server and the "My page" editor.
 */
export const HUB_THEMES = ['light', 'dark', 'auto'] as const;
export type HubTheme = (typeof HUB_THEMES)[number];

export const HANDLE_PATTERN = /^[a-z0-9_-]{3,30}$/;
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'login',
  'register',
  'dashboard',
  'assets',
  'healthz',
  'metrics',
  'hub',
  'me',
  'static',
  'test-storage',
]);
export const MAX_HUB_TITLE = 60;
export const MAX_HUB_BIO = 280;
export const MAX_HUB_LINKS = 50;
export const MAX_HUB_LABEL = 60;
export const DEFAULT_HUB_ACCENT = '#2563eb';
export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;

export const HANDLE_TAKEN = 'This handle is taken';
/** The avatar's limits (docs/api.md#the-hub). */
export const MAX_AVATAR_BYTES = 512 * 1024;
export const MAX_AVATAR_SIDE = 2048;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

export interface HubLinkInput {
  link_id: number;
  /** null: the link's title, or its code when it has none. */
  label: string | null;
}

/** What `PUT /api/hub` takes, as the rules leave it (trimmed, lower-cased, defaults filled). */
export interface HubInput {
  handle: string;
  title: string;
  bio: string;
  theme: HubTheme;
  accent: string;
  links: HubLinkInput[];
  published: boolean;
  tiktok_bypass: boolean;
}

/** One link of a hub as the API shows it. */
export interface HubLink {
  link_id: number;
  label: string | null;
  /** What the button says: the label, else the link's title, else its code. */
  text: string;
  short_url: string;
}

/** `GET /api/hub`'s hub. */
export interface Hub extends Omit<HubInput, 'links'> {
  links: HubLink[];
  /** The page's address on the default domain (PUBLIC_URL/@handle). */
  url: string;
  /** The page's address on the owner's verified custom domain; null without one. */
  domain_url: string | null;
  /** The avatar's address (absolute); null without one. */
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface HubResponse {
  hub: Hub | null;
}

export interface HubStatsResponse {
  views: number;
  unique_visitors: number;
  clicks: number;
  /** clicks / views, 0–1 (0 with no views). */
  click_rate: number;
  links: { link_id: number; clicks: number }[];
  days: { date: string; views: number; clicks: number }[];
}

export interface AdminHub {
  handle: string;
  title: string;
  published: boolean;
  user_id: number;
  user_email: string;
  user_name: string;
  owner_disabled: boolean;
  views: number;
  url: string;
  updated_at: string;
}

export interface AdminHubsResponse {
  hubs: AdminHub[];
  total: number;
  page: number;
  per_page: number;
}

export type HubInputResult = { ok: true; hub: HubInput } | { ok: false; error: string };

const codePoints = (text: string) => [...text].length;

/** Each violation named by its field; link ownership is the server's to check. */
export function parseHubInput(body: unknown): HubInputResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'Request body must be a JSON object' };
  }
  const input = body as Record<string, unknown>;
  const fail = (error: string): HubInputResult => ({ ok: false, error });
  const handle = typeof input.handle === 'string' ? input.handle.trim().toLowerCase() : undefined;
  if (handle !== undefined && RESERVED_HANDLES.has(handle)) return fail(`handle "${handle}" is reserved`);
  if (handle === undefined || !HANDLE_PATTERN.test(handle)) {
    return fail('handle must be 3–30 characters of a–z, 0–9, _ and -');
  }
  const title = typeof input.title === 'string' ? input.title.trim() : undefined;
  if (title === undefined || title === '' || codePoints(title) > MAX_HUB_TITLE) {
    return fail(`title must be 1–${MAX_HUB_TITLE} characters`);
  }
  const bio = input.bio === undefined || input.bio === null ? '' : input.bio;
  if (typeof bio !== 'string' || codePoints(bio.trim()) > MAX_HUB_BIO) {
    return fail(`bio must be at most ${MAX_HUB_BIO} characters`);
  }
  const theme = input.theme === undefined || input.theme === null ? 'auto' : input.theme;
  if (!HUB_THEMES.includes(theme as HubTheme)) return fail('theme must be light, dark or auto');
  const accent = input.accent === undefined || input.accent === null ? DEFAULT_HUB_ACCENT : input.accent;
  if (typeof accent !== 'string' || !ACCENT_PATTERN.test(accent.toLowerCase())) {
    return fail('accent must be a colour #rrggbb');
  }
  for (const flag of ['published', 'tiktok_bypass'] as const) {
    if (input[flag] !== undefined && typeof input[flag] !== 'boolean') return fail(`${flag} must be true or false`);
  }
  const links = parseHubLinks(input.links);
  if (typeof links === 'string') return fail(links);
  return {
    ok: true,
    hub: {
      handle,
      title,
      bio: bio.trim(),
      theme: theme as HubTheme,
      accent: accent.toLowerCase(),
      links,
      published: input.published === true,
      tiktok_bypass: input.tiktok_bypass === true,
    },
  };
}

/** The links in display order, or the message naming what is wrong. */
function parseHubLinks(value: unknown): HubLinkInput[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return 'links must be an array of {link_id, label}';
  if (value.length > MAX_HUB_LINKS) return `links must hold at most ${MAX_HUB_LINKS} links`;
  const seen = new Set<number>();
  const links: HubLinkInput[] = [];
  for (const [index, item] of value.entries()) {
    const entry = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const linkId = entry.link_id;
    if (typeof linkId !== 'number' || !Number.isSafeInteger(linkId) || linkId < 1) {
      return `links[${index}].link_id must be a link id`;
    }
    if (seen.has(linkId)) return `links[${index}].link_id ${linkId} is listed twice`;
    seen.add(linkId);
    const raw = entry.label;
    if (raw !== undefined && raw !== null && typeof raw !== 'string') return `links[${index}].label must be text`;
    const label = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
    if (label !== null && codePoints(label) > MAX_HUB_LABEL) {
      return `links[${index}].label must be 1–${MAX_HUB_LABEL} characters`;
    }
    links.push({ link_id: linkId, label });
  }
  return links;
}

/** The page's address on the default domain. */
export function hubUrlOf(publicUrl: string, handle: string): string {
  return `${publicUrl.replace(/\/$/, '')}/@${handle}`;
}

/** Initials for a page without an avatar: the first letters of the title's first two words. */
export function initialsOf(title: string): string {
  // Words that start with a letter or a digit: "Ada <script>" is "A", not "A<".
  const words = title
    .trim()
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}
