/** The "My page" editor's state (docs/api.md#the-hub), pure: what the form holds and what it sends. */
import { DEFAULT_HUB_ACCENT, type Hub, type HubInput, hubUrlOf, type Link } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export interface DraftLink {
  link_id: number;
  /** '' for the default (the link's title, or its code). */
  label: string;
}

/** What the form holds: the page's fields as sent, its links with '' for a default label. */
export interface HubDraft extends Omit<HubInput, 'links'> {
  links: DraftLink[];
}

/** A saved page as the form shows it, or a new one named after the user. */
export function draftOf(hub: Hub | null, userName: string): HubDraft {
  if (!hub) {
    const handle = userName
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30);
    return {
      handle: handle.length >= 3 ? handle : '',
      title: userName.slice(0, 60),
      bio: '',
      theme: 'auto',
      accent: DEFAULT_HUB_ACCENT,
      published: false,
      tiktok_bypass: false,
      links: [],
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
    links: hub.links.map((link) => ({ link_id: link.link_id, label: link.label ?? '' })),
  };
}

export function inputOf(draft: HubDraft): HubInput {
  return {
    ...draft,
    links: draft.links.map((link) => ({ link_id: link.link_id, label: link.label.trim() || null })),
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
export function buttonTextOf(draftLink: DraftLink, link: Link | undefined): string {
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
