/**
 * The hub's items (docs/api.md#hub-items): links, headings, texts, dividers and rows of social
 * icons in display order, each with its visibility, schedule, highlight and sensitive step. The
 * pure rules of `PUT /api/hub`'s `items` (and of §15's `links`, read as link items), shared by the
 * server and the "My page" editor.
 */
import { withinCharacters } from './characters';
import { isCalendarDate } from './times';

export const HUB_ITEM_TYPES = ['link', 'heading', 'text', 'divider', 'social'] as const;
export type HubItemType = (typeof HUB_ITEM_TYPES)[number];

/** The platforms a social row may show, each drawn with its bundled brand icon. */
export const SOCIAL_PLATFORMS = [
  'github',
  'instagram',
  'youtube',
  'tiktok',
  'facebook',
  'linkedin',
  'twitch',
  'discord',
  'reddit',
  'pinterest',
  'spotify',
  'telegram',
  'x',
  'mastodon',
  'bluesky',
  'threads',
  'whatsapp',
  'snapchat',
  'soundcloud',
  'email',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Each platform's name as its brand writes it (the icons' accessible names say the same). */
export const SOCIAL_PLATFORM_NAMES: Readonly<Record<SocialPlatform, string>> = {
  github: 'GitHub',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  twitch: 'Twitch',
  discord: 'Discord',
  reddit: 'Reddit',
  pinterest: 'Pinterest',
  spotify: 'Spotify',
  telegram: 'Telegram',
  x: 'X',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  threads: 'Threads',
  whatsapp: 'WhatsApp',
  snapchat: 'Snapchat',
  soundcloud: 'SoundCloud',
  email: 'Email',
};

export const MAX_HUB_ITEMS = 100;
/** §15's `links`: at most this many. */
export const MAX_HUB_LINKS = 50;
export const MAX_HUB_LABEL = 60;
export const MAX_HEADING_TEXT = 80;
export const MAX_TEXT_TEXT = 500;
export const MAX_SOCIALS = 12;
export const MAX_SOCIAL_URL = 2048;

export interface SocialEntry {
  platform: SocialPlatform;
  /** An http(s) address, or `mailto:` for `email`. */
  url: string;
}

/** What an item has whatever its type; times in epoch milliseconds. */
export interface HubItemFlags {
  visible: boolean;
  starts_at: number | null;
  ends_at: number | null;
  highlight: boolean;
  sensitive: boolean;
}

export type HubItemBody =
  | { type: 'link'; link_id: number; label: string | null }
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'divider' }
  | { type: 'social'; socials: SocialEntry[] };

/** One item as a client sends it to `PUT /api/hub`: times as ISO strings. */
export type HubItemPut = HubItemBody &
  Omit<HubItemFlags, 'starts_at' | 'ends_at'> & { id: number | null; starts_at: string | null; ends_at: string | null };

/** One item as `PUT /api/hub` leaves it; `id` null for a new item (the server gives one). */
export type HubItemInput = HubItemBody & HubItemFlags & { id: number | null };

/** An item's body when it is not a link. */
export type OtherItemBody = Exclude<HubItemBody, { type: 'link' }>;

/**
 * The body of an item that is not a link, its fields picked by its type: from a stored item, or
 * from the editor's draft, which holds every type's fields.
 */
export function otherItemBody(
  item: OtherItemBody | { type: OtherItemBody['type']; text: string; socials: SocialEntry[] },
): OtherItemBody {
  switch (item.type) {
    case 'heading':
    case 'text':
      return { type: item.type, text: item.text };
    case 'social':
      return { type: 'social', socials: item.socials };
    default:
      return { type: 'divider' };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An ISO 8601 time as epoch milliseconds, null when absent; a string message when wrong. */
function parseTime(value: unknown, field: string): number | null | string {
  if (value === undefined || value === null || value === '') return null;
  const ms =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && isCalendarDate(value)
      ? Date.parse(value)
      : Number.NaN;
  return Number.isFinite(ms) ? ms : `${field} must be an ISO 8601 time`;
}

function parseFlags(entry: Record<string, unknown>, at: string): HubItemFlags | string {
  for (const flag of ['visible', 'highlight', 'sensitive'] as const) {
    if (entry[flag] !== undefined && entry[flag] !== null && typeof entry[flag] !== 'boolean') {
      return `${at}.${flag} must be true or false`;
    }
  }
  const starts = parseTime(entry.starts_at, `${at}.starts_at`);
  if (typeof starts === 'string') return starts;
  const ends = parseTime(entry.ends_at, `${at}.ends_at`);
  if (typeof ends === 'string') return ends;
  if (starts !== null && ends !== null && ends <= starts) return `${at}.ends_at must be after starts_at`;
  return {
    visible: entry.visible !== false,
    starts_at: starts,
    ends_at: ends,
    highlight: entry.highlight === true,
    sensitive: entry.sensitive === true,
  };
}

function parseText(value: unknown, max: number, field: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '' || !withinCharacters(text, max)) throw new ItemError(`${field} must be 1–${max} characters`);
  return text;
}

class ItemError extends Error {}

/** `mailto:` for an email (a bare address is read as one), else an http(s) address. */
export function socialUrlOf(platform: SocialPlatform, raw: string): string | null {
  const value = raw.trim();
  if (value === '' || value.length > MAX_SOCIAL_URL) return null;
  if (platform === 'email') {
    const address = value.replace(/^mailto:/i, '');
    return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address) ? `mailto:${address}` : null;
  }
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

function parseSocials(value: unknown, at: string): SocialEntry[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_SOCIALS) {
    throw new ItemError(`${at}.socials must hold 1–${MAX_SOCIALS} {platform, url}`);
  }
  return value.map((raw, index) => {
    const entry = isRecord(raw) ? raw : {};
    const platform = entry.platform as SocialPlatform;
    if (!SOCIAL_PLATFORMS.includes(platform)) {
      throw new ItemError(`${at}.socials[${index}].platform must be one of ${SOCIAL_PLATFORMS.join(', ')}`);
    }
    const url = typeof entry.url === 'string' ? socialUrlOf(platform, entry.url) : null;
    if (url === null) {
      const what = platform === 'email' ? 'an email address' : 'an http(s) address';
      throw new ItemError(`${at}.socials[${index}].url must be ${what}`);
    }
    return { platform, url };
  });
}

function parseLabel(value: unknown, at: string): string | null {
  if (value !== undefined && value !== null && typeof value !== 'string')
    throw new ItemError(`${at}.label must be text`);
  const label = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  if (label !== null && !withinCharacters(label, MAX_HUB_LABEL))
    throw new ItemError(`${at}.label must be 1–${MAX_HUB_LABEL} characters`);
  return label;
}

function parseBody(entry: Record<string, unknown>, at: string): HubItemBody {
  switch (entry.type) {
    case 'link': {
      const linkId = entry.link_id;
      if (typeof linkId !== 'number' || !Number.isSafeInteger(linkId) || linkId < 1) {
        throw new ItemError(`${at}.link_id must be a link id`);
      }
      return { type: 'link', link_id: linkId, label: parseLabel(entry.label, at) };
    }
    case 'heading':
      return { type: 'heading', text: parseText(entry.text, MAX_HEADING_TEXT, `${at}.text`) };
    case 'text':
      return { type: 'text', text: parseText(entry.text, MAX_TEXT_TEXT, `${at}.text`) };
    case 'divider':
      return { type: 'divider' };
    case 'social':
      return { type: 'social', socials: parseSocials(entry.socials, at) };
    default:
      throw new ItemError(`${at}.type must be one of ${HUB_ITEM_TYPES.join(', ')}`);
  }
}

function parseId(value: unknown, at: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new ItemError(`${at}.id must be an item id`);
  return value;
}

/** One item, or the message naming what is wrong. */
function parseItem(raw: unknown, at: string): HubItemInput {
  if (!isRecord(raw)) throw new ItemError(`${at} must be an object`);
  const flags = parseFlags(raw, at);
  if (typeof flags === 'string') throw new ItemError(flags);
  return { id: parseId(raw.id, at), ...parseBody(raw, at), ...flags };
}

/**
 * The items in display order: `items`, else §15's `links` read as link items (a link at most
 * once, an id at most once), or the message naming what is wrong.
 */
export function parseHubItems(items: unknown, links: unknown): HubItemInput[] | string {
  const fromLinks = items === undefined || items === null;
  const field = fromLinks ? 'links' : 'items';
  const value = fromLinks ? (links ?? []) : items;
  if (!Array.isArray(value)) return `${field} must be an array`;
  if (fromLinks && value.length > MAX_HUB_LINKS) return `links must hold at most ${MAX_HUB_LINKS} links`;
  if (value.length > MAX_HUB_ITEMS) return `${field} must hold at most ${MAX_HUB_ITEMS} items`;
  try {
    const parsed = value.map((raw, index) =>
      parseItem(fromLinks && isRecord(raw) ? { ...raw, type: 'link', id: null } : raw, `${field}[${index}]`),
    );
    return duplicateOf(parsed, field) ?? parsed;
  } catch (error) {
    if (error instanceof ItemError) return error.message;
    throw error;
  }
}

function duplicateOf(items: readonly HubItemInput[], field: string): string | undefined {
  const links = new Set<number>();
  const ids = new Set<number>();
  for (const [index, item] of items.entries()) {
    if (item.id !== null) {
      if (ids.has(item.id)) return `${field}[${index}].id ${item.id} is listed twice`;
      ids.add(item.id);
    }
    if (item.type !== 'link') continue;
    if (links.has(item.link_id)) return `${field}[${index}].link_id ${item.link_id} is listed twice`;
    links.add(item.link_id);
  }
  return undefined;
}

/** Whether an item is shown at `now`: visible, and between its start and its end. */
export function isShownAt(item: Pick<HubItemFlags, 'visible' | 'starts_at' | 'ends_at'>, now: number): boolean {
  return (
    item.visible && (item.starts_at === null || item.starts_at <= now) && (item.ends_at === null || now < item.ends_at)
  );
}

/** The first start or end after `now` among the visible items; null without one. */
export function nextBoundaryAfter(items: readonly HubItemFlags[], now: number): number | null {
  let next: number | null = null;
  for (const item of items) {
    if (!item.visible) continue;
    for (const at of [item.starts_at, item.ends_at]) {
      if (at !== null && at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}
