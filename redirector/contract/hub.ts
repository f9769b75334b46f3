/**
 * The hub: each user's public page of links (docs/api.md#the-hub). Its API shapes and the pure
 * rules of `PUT /api/hub`, shared by the server and the "My page" editor.
 */
import { withinCharacters } from './characters';
import { type HubItemBody, type HubItemInput, type HubItemPut, parseHubItems } from './hubItems';

export { MAX_HUB_LABEL, MAX_HUB_LINKS } from './hubItems';

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
export const DEFAULT_HUB_ACCENT = '#2563eb';
export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;

export const HANDLE_TAKEN = 'This handle is taken';
/** The avatar's limits (docs/api.md#the-hub). */
export const MAX_AVATAR_BYTES = 512 * 1024;
export const MAX_AVATAR_SIDE = 2048;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

/** `meta_description`: at most this many characters. */
export const MAX_HUB_DESCRIPTION = 300;
/** The background image's limits (docs/api.md#hub-background): the avatar's checks, a larger size. */
export const MAX_BACKGROUND_BYTES = 2 * 1024 * 1024;

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
  items: HubItemInput[];
  published: boolean;
  tiktok_bypass: boolean;
  /** `#rrggbb`, or null: the theme's own background. */
  background_color: string | null;
  meta_description: string;
  noindex: boolean;
  /** The page first shows a "sensitive content: continue" step. */
  sensitive: boolean;
}

/** What a client sends to `PUT /api/hub` (the items' times as ISO strings). */
export type HubPut = Omit<HubInput, 'items'> & { items: HubItemPut[] };

/** Each item as the API shows it: times as ISO strings, a link's button text and address. */
export type HubItem = (
  | (Extract<HubItemBody, { type: 'link' }> & { text: string; short_url: string })
  | Exclude<HubItemBody, { type: 'link' }>
) & {
  id: number;
  visible: boolean;
  starts_at: string | null;
  ends_at: string | null;
  highlight: boolean;
  sensitive: boolean;
};

/** One link of a hub as the API shows it. */
export interface HubLink {
  link_id: number;
  label: string | null;
  /** What the button says: the label, else the link's title, else its code. */
  text: string;
  short_url: string;
}

/** `GET /api/hub`'s hub. */
export interface Hub extends Omit<HubInput, 'items'> {
  items: HubItem[];
  /** §15's view: the link items. */
  links: HubLink[];
  /** The background image's address (absolute); null without one. */
  background_url: string | null;
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
  /** Each item of the hub now: views while it was shown, clicks (link items) from the hub. */
  items: HubItemFigures[];
  days: { date: string; views: number; clicks: number }[];
}

export interface HubItemFigures {
  id: number;
  views: number;
  clicks: number;
  unique_clicks: number;
  /** clicks / views, 0–1 (0 with no views). */
  ctr: number;
}

export interface AdminHub {
  handle: string;
  title: string;
  published: boolean;
  /** The team whose hub it is (docs/api.md#domains-and-hubs-of-a-team). */
  team_id: number;
  team_name: string;
  /** A personal team's user; null for a shared team's hub. */
  user_id: number | null;
  user_email: string | null;
  user_name: string | null;
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
  if (title === undefined || title === '' || !withinCharacters(title, MAX_HUB_TITLE)) {
    return fail(`title must be 1–${MAX_HUB_TITLE} characters`);
  }
  const bio = input.bio === undefined || input.bio === null ? '' : input.bio;
  if (typeof bio !== 'string' || !withinCharacters(bio.trim(), MAX_HUB_BIO)) {
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
  const items = parseHubItems(input.items, input.links);
  if (typeof items === 'string') return fail(items);
  const extra = parsePageFields(input);
  if (typeof extra === 'string') return fail(extra);
  return {
    ok: true,
    hub: {
      handle,
      title,
      bio: bio.trim(),
      theme: theme as HubTheme,
      accent: accent.toLowerCase(),
      items,
      published: input.published === true,
      tiktok_bypass: input.tiktok_bypass === true,
      ...extra,
    },
  };
}

type PageFields = Pick<HubInput, 'background_color' | 'meta_description' | 'noindex' | 'sensitive'>;

/** The second edition's page fields (docs/api.md#hub-items), or the message naming what is wrong. */
function parsePageFields(input: Record<string, unknown>): PageFields | string {
  const color = input.background_color ?? null;
  if (color !== null && (typeof color !== 'string' || !ACCENT_PATTERN.test(color.toLowerCase()))) {
    return 'background_color must be a colour #rrggbb or null';
  }
  const description = input.meta_description ?? '';
  if (typeof description !== 'string' || !withinCharacters(description.trim(), MAX_HUB_DESCRIPTION)) {
    return `meta_description must be at most ${MAX_HUB_DESCRIPTION} characters`;
  }
  for (const flag of ['noindex', 'sensitive'] as const) {
    if (input[flag] !== undefined && input[flag] !== null && typeof input[flag] !== 'boolean') {
      return `${flag} must be true or false`;
    }
  }
  return {
    background_color: color === null ? null : color.toLowerCase(),
    meta_description: description.trim(),
    noindex: input.noindex === true,
    sensitive: input.sensitive === true,
  };
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
