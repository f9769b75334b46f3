/**
 * From a stored hub to its page (docs/api.md#hub-items): the items shown at the server's clock, the
 * schedule's state (how many starts and ends have passed, which tells a cached page's variant
 * apart, and the next one, which bounds the page's max-age), and the page's model.
 */
import type { DeviceType } from '../../contract/clicks';
import { shortUrlOf } from '../../contract/domains';
import { hubUrlOf, initialsOf } from '../../contract/hub';
import { isShownAt } from '../../contract/hubItems';
import { HUB_TOKEN_PARAMETER } from '../../hubs/hubClickToken';
import { avatarUrlOf, backgroundUrlOf, buttonText } from '../../hubs/hubService';
import type { HubItemRecord, HubPageRecord } from '../../storage/repositories/hubRepository';
import type { UserAgentFacts } from '../../visits/visitor';
import type { HubPageItem } from './pages/hubItemsHtml';
import { renderHubPage } from './pages/hubPage';

/** How the page is asked for. */
export interface PageRequest {
  /** The default domain, or the owner's custom domain. */
  host: { kind: 'default' } | { kind: 'domain'; domain: string };
  facts: UserAgentFacts;
  publicUrl: string;
  language: string;
  /** The click token the buttons carry (docs/api.md#hub-clicks). */
  hubToken: string;
  now: number;
}

/** The sorted starts and ends of a hub's visible items, worked out once per record read. */
const boundariesOf = new WeakMap<HubPageRecord, number[]>();

function boundaries(hub: HubPageRecord): number[] {
  let known = boundariesOf.get(hub);
  if (known === undefined) {
    known = hub.items
      .filter((item) => item.visible)
      .flatMap((item) => [item.starts_at, item.ends_at])
      .filter((at): at is number => at !== null)
      .sort((a, b) => a - b);
    boundariesOf.set(hub, known);
  }
  return known;
}

/** `passed`: the starts and ends at or before `now`; `next`: the first after it (null: none). */
export function scheduleAt(hub: HubPageRecord, now: number): { passed: number; next: number | null } {
  const all = boundaries(hub);
  let passed = 0;
  while (passed < all.length && all[passed]! <= now) passed++;
  return { passed, next: all[passed] ?? null };
}

function pageItem(item: HubItemRecord, publicUrl: string, hubToken: string): HubPageItem {
  const flags = { highlight: item.highlight, sensitive: item.sensitive };
  if (item.type !== 'link') return { ...item, ...flags };
  const href = `${shortUrlOf(publicUrl, item.domain, item.short_code)}?${HUB_TOKEN_PARAMETER}=${hubToken}`;
  return { type: 'link', text: buttonText(item), href, ...flags };
}

/** The page's HTML and policy, and the ids of the items it shows. */
export function renderHubHtml(hub: HubPageRecord, page: PageRequest): { html: string; csp: string; shown: number[] } {
  const { host, facts, publicUrl, language, hubToken, now } = page;
  const pageUrl =
    host.kind === 'default' ? hubUrlOf(publicUrl, hub.handle) : `${new URL(publicUrl).protocol}//${host.domain}/`;
  const inTikTok: DeviceType | null = hub.tiktok_bypass && facts.in_app === 'tiktok' ? facts.device_type : null;
  const shownItems = hub.items.filter((item) => isShownAt(item, now));
  const { html, csp } = renderHubPage(
    {
      title: hub.title,
      bio: hub.bio,
      theme: hub.theme,
      accent: hub.accent,
      avatarUrl: avatarUrlOf(publicUrl, hub),
      initials: initialsOf(hub.title),
      items: shownItems.map((item) => pageItem(item, publicUrl, hubToken)),
      backgroundColor: hub.background_color,
      backgroundUrl: backgroundUrlOf(publicUrl, hub),
      description: hub.meta_description,
      noindex: hub.noindex,
      sensitive: hub.sensitive,
      pageUrl,
      imageOrigin: new URL(publicUrl).origin,
    },
    inTikTok,
    language,
  );
  return { html, csp, shown: shownItems.map((item) => item.id) };
}
