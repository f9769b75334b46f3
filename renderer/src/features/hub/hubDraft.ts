/** The "My page" editor's state (docs/api.md#the-hub, docs/api.md#hub-items), pure: what the form holds and what it sends. */
import {
  DEFAULT_HUB_ACCENT,
  type Hub,
  type HubInput,
  type HubItem,
  type HubItemPut,
  type HubItemType,
  type HubPut,
  hubUrlOf,
  type Link,
  otherItemBody,
  type SocialPlatform,
} from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export interface DraftSocial {
  platform: SocialPlatform;
  url: string;
}

/** One item as the form holds it: every kind's fields, '' for an empty text or time. */
export interface DraftItem {
  /** The React key: the server's id, or a made-up one until saved. */
  key: string;
  id: number | null;
  type: HubItemType;
  /** A link item's link (0 for the other kinds). */
  link_id: number;
  /** '' for the default (the link's title, or its code). */
  label: string;
  text: string;
  socials: DraftSocial[];
  visible: boolean;
  /** `datetime-local` values in the browser's zone; '' for none. */
  starts_at: string;
  ends_at: string;
  highlight: boolean;
  sensitive: boolean;
}

/** What the form holds: the page's fields as sent, its items as drafts. */
export interface HubDraft extends Omit<HubInput, 'items' | 'background_color'> {
  items: DraftItem[];
  /** '' for the theme's own background. */
  background_color: string;
}

/** Whose page it is: the user (no `teamSlug`), or a shared team (`name` the team's). */
export interface HubOwner {
  name: string;
  /** A shared team's slug: the page's handle, fixed. */
  teamSlug?: string;
}

let nextKey = 0;

/** A new item of `type` (a link item of `linkId`). */
export function newItem(type: HubItemType, linkId = 0): DraftItem {
  nextKey += 1;
  return {
    key: `new-${nextKey}`,
    id: null,
    type,
    link_id: linkId,
    label: '',
    text: '',
    socials: type === 'social' ? [{ platform: 'instagram', url: '' }] : [],
    visible: true,
    starts_at: '',
    ends_at: '',
    highlight: false,
    sensitive: false,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the browser's zone ('' for null). */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time (null for ''). */
export function isoOf(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

function draftItemOf(item: HubItem): DraftItem {
  return {
    ...newItem(item.type),
    key: `item-${item.id}`,
    id: item.id,
    link_id: item.type === 'link' ? item.link_id : 0,
    label: item.type === 'link' ? (item.label ?? '') : '',
    text: item.type === 'heading' || item.type === 'text' ? item.text : '',
    socials: item.type === 'social' ? item.socials.map((social) => ({ ...social })) : [],
    visible: item.visible,
    starts_at: localInputOf(item.starts_at),
    ends_at: localInputOf(item.ends_at),
    highlight: item.highlight,
    sensitive: item.sensitive,
  };
}

/**
 * A saved page as the form shows it, or a new one named after its owner: the user, or a shared
 * team, whose page's handle is always its slug (docs/api.md#domains-and-hubs-of-a-team).
 */
export function draftOf(hub: Hub | null, owner: HubOwner): HubDraft {
  if (!hub) {
    const handle =
      owner.teamSlug ??
      owner.name
        .toLowerCase()
        .replace(/[^a-z0-9_-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 30);
    return {
      handle: handle.length >= 3 ? handle : '',
      title: owner.name.slice(0, 60),
      bio: '',
      theme: 'auto',
      accent: DEFAULT_HUB_ACCENT,
      published: false,
      tiktok_bypass: false,
      background_color: '',
      meta_description: '',
      noindex: false,
      sensitive: false,
      items: [],
    };
  }
  return {
    handle: hub.handle,
    title: hub.title,
    bio: hub.bio,
    theme: hub.theme,
    accent: hub.accent,
    published: hub.published,
    tiktok_bypass: hub.tiktok_bypass,
    background_color: hub.background_color ?? '',
    meta_description: hub.meta_description,
    noindex: hub.noindex,
    sensitive: hub.sensitive,
    items: hub.items.map(draftItemOf),
  };
}

function itemInputOf(item: DraftItem): HubItemPut {
  const flags = {
    id: item.id,
    visible: item.visible,
    starts_at: isoOf(item.starts_at),
    ends_at: isoOf(item.ends_at),
    highlight: item.highlight,
    sensitive: item.sensitive,
  };
  switch (item.type) {
    case 'link':
      return { ...flags, type: 'link', link_id: item.link_id, label: item.label.trim() || null };
    default:
      return { ...flags, ...otherItemBody({ ...item, type: item.type }) };
  }
}

export function inputOf(draft: HubDraft): HubPut {
  return {
    ...draft,
    background_color: draft.background_color || null,
    items: draft.items.map(itemInputOf),
  };
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** What a link's button says: its label, else its title, else its code. */
export function buttonTextOf(draftLink: Pick<DraftItem, 'label' | 'link_id'>, link: Link | undefined): string {
  return (
    draftLink.label.trim() ||
    link?.title.trim() ||
    link?.short_code ||
    i18next.t('hub.linkFallback', { id: draftLink.link_id })
  );
}

/** The page's address on the default domain, as it will be once saved. */
export function pageAddress(origin: string, handle: string): string {
  return hubUrlOf(origin, handle.trim().toLowerCase() || '…');
}

/** What every part of the page's editor takes: the draft and a change to it. */
export interface HubDraftPart {
  draft: HubDraft;
  onChange: (patch: Partial<HubDraft>) => void;
}
