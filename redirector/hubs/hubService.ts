/**
 * The hub's rules (docs/api.md#the-hub): one page per user, its input checked by the contract's
 * rule and its links by ownership; the avatar checked by its bytes; the figures; the
 * administrator's list. `onChange` tells the public page's cache and the hub directory.
 */

import { createHash } from 'node:crypto';
import type { ZoneCalendar } from '../analytics/timeZone';
import { type AuditRecord, fieldChanges, recordAudit, recordChange, withheld } from '../audit/auditLog';
import { type Scope, teamIdOf } from '../auth/scope';
import type { AuditChanges } from '../contract/audit';
import type { DateRange } from '../contract/dateRange';
import { shortUrlOf } from '../contract/domains';
import {
  type AdminHubsResponse,
  HANDLE_TAKEN,
  type Hub,
  type HubStatsResponse,
  hubUrlOf,
  MAX_BACKGROUND_BYTES,
  parseHubInput,
} from '../contract/hub';
import { invalidInput, notFoundRule, taken } from '../ruleError';
import { UniqueViolation } from '../storage/errors';
import type { Executor } from '../storage/executor';
import type { HubAvatar, HubWithLinks, ListedHub } from '../storage/repositories/hubRepository';
import type { Store } from '../storage/store';
import { type AvatarCheck, checkAvatar } from './avatarCheck';
import { buttonText, toHubItem } from './hubItemView';
import { hubStats } from './hubStats';

const HUB_FIELDS = [
  'handle',
  'title',
  'bio',
  'theme',
  'accent',
  'published',
  'tiktok_bypass',
  'background_color',
  'meta_description',
  'noindex',
  'sensitive',
] as const;
type AuditedHub = Partial<Record<(typeof HUB_FIELDS)[number], unknown>> & {
  handle: string;
  items: readonly { type: string }[];
};

/** A hub's change as the audit log keeps it (docs/api.md#audit-log): its fields and its items (a link item by its link). */
function hubEntry(
  scope: Scope,
  action: string,
  before: AuditedHub | undefined,
  after: AuditedHub | undefined,
): AuditRecord {
  const changes = fieldChanges(before, after, HUB_FIELDS);
  const items = (hub: AuditedHub | undefined) =>
    (hub?.items ?? []).map((item) => ('link_id' in item ? `link ${item.link_id}` : item.type));
  if (JSON.stringify(items(before)) !== JSON.stringify(items(after))) changes.items = [items(before), items(after)];
  const label = (after ?? before)?.handle ?? '';
  return { teamId: teamIdOf(scope), action, target: { type: 'hub', id: null, label }, changes };
}

/** The hub's two images, each a field of `hub.updated` (docs/api.md#audit-log). */
type HubImage = 'avatar' | 'background';

/**
 * An image put or removed as the audit log keeps it: `hub.updated` with the image withheld as
 * "(changed)" (null where there is none); undefined when it stays the same (the same bytes again,
 * or none removed).
 */
function imageEntry(scope: Scope, hub: HubWithLinks, image: HubImage, etag: string | null): AuditRecord | undefined {
  const before = image === 'avatar' ? hub.avatar_etag : hub.background_etag;
  if (before === etag) return undefined;
  const changes: AuditChanges = { [image]: [withheld(before), withheld(etag)] };
  return {
    teamId: teamIdOf(scope),
    action: 'hub.updated',
    target: { type: 'hub', id: null, label: hub.handle },
    changes,
  };
}

export const NO_HUB = 'You have no page yet';
/** A shared team's hub lives at the team's slug (docs/api.md#domains-and-hubs-of-a-team). */
export const teamHandleRule = (slug: string) => `handle must be the team's slug (${slug})`;

export interface HubService {
  get(scope: Scope): Promise<Hub | null>;
  /** RuleError 400 naming the field, 409 for a taken handle. */
  put(scope: Scope, body: unknown): Promise<Hub>;
  remove(scope: Scope): Promise<void>;
  /** The check's refusal (413/415) as it is; RuleError 404 without a hub. */
  setAvatar(scope: Scope, bytes: Buffer): Promise<Extract<AvatarCheck, { ok: false }> | Hub>;
  removeAvatar(scope: Scope): Promise<void>;
  /** The avatar's checks with a 2 MiB limit (docs/api.md#hub-background). */
  setBackground(scope: Scope, bytes: Buffer): Promise<Extract<AvatarCheck, { ok: false }> | Hub>;
  removeBackground(scope: Scope): Promise<void>;
  stats(scope: Scope, calendar: ZoneCalendar, range: DateRange | undefined): Promise<HubStatsResponse>;
  list(query: { q: string; page: number; perPage: number }): Promise<AdminHubsResponse>;
}

export interface HubServiceDeps {
  store: Pick<Store, 'hubs' | 'teams'>;
  clock: () => number;
  publicUrl: string;
  /** The team's verified custom domain; null without one. */
  verifiedDomainOf: (teamId: number) => string | null;
  /** After each change of a hub (its page cache and the directory); awaited. */
  onChange: (handle: string) => Promise<void>;
}

export { buttonText } from './hubItemView';

export function avatarUrlOf(publicUrl: string, hub: Pick<HubWithLinks, 'handle' | 'avatar_etag'>): string | null {
  if (hub.avatar_etag === null) return null;
  // The version in the query makes a new avatar a new address for caches.
  return `${hubUrlOf(publicUrl, hub.handle)}/avatar?v=${hub.avatar_etag.slice(0, 12)}`;
}

export function backgroundUrlOf(
  publicUrl: string,
  hub: Pick<HubWithLinks, 'handle' | 'background_etag'>,
): string | null {
  if (hub.background_etag === null) return null;
  return `${hubUrlOf(publicUrl, hub.handle)}/background?v=${hub.background_etag.slice(0, 12)}`;
}

/** The API's hub; `domain`: the owner's verified custom domain, or null. */
export function toHub(record: HubWithLinks, publicUrl: string, domain: string | null): Hub {
  return {
    handle: record.handle,
    title: record.title,
    bio: record.bio,
    theme: record.theme,
    accent: record.accent,
    published: record.published,
    tiktok_bypass: record.tiktok_bypass,
    background_color: record.background_color,
    meta_description: record.meta_description,
    noindex: record.noindex,
    sensitive: record.sensitive,
    items: record.items.map((item) => toHubItem(item, publicUrl)),
    links: record.links.map((link) => ({
      link_id: Number(link.link_id),
      label: link.label,
      text: buttonText(link),
      short_url: shortUrlOf(publicUrl, link.domain, link.short_code),
    })),
    url: hubUrlOf(publicUrl, record.handle),
    domain_url: domain === null ? null : `${new URL(publicUrl).protocol}//${domain}/`,
    avatar_url: avatarUrlOf(publicUrl, record),
    background_url: backgroundUrlOf(publicUrl, record),
    created_at: new Date(Number(record.created_at)).toISOString(),
    updated_at: new Date(Number(record.updated_at)).toISOString(),
  };
}

function imageOf(bytes: Buffer, type: string): HubAvatar {
  return { bytes, type, etag: createHash('sha256').update(bytes).digest('base64url').slice(0, 27) };
}

/**
 * The body with the handle a shared team's hub has (its slug: given or not, another → 400); a
 * personal team's as given.
 */
async function withTeamHandle(store: HubServiceDeps['store'], scope: Scope, body: unknown): Promise<unknown> {
  if (!scope.team || scope.team.personalUserId !== null) return body;
  const slug = (await store.teams.byRef(String(scope.team.id)))?.slug;
  if (!slug || typeof body !== 'object' || body === null) return body;
  const given = (body as { handle?: unknown }).handle;
  if (given !== undefined && (typeof given !== 'string' || given.trim().toLowerCase() !== slug)) {
    throw invalidInput(teamHandleRule(slug));
  }
  return { ...body, handle: slug };
}

/** 409 when the handle is another team's slug (one address namespace, docs/api.md#teams). */
async function handleFree(store: HubServiceDeps['store'], scope: Scope, handle: string): Promise<void> {
  const holder = await store.teams.slugHolder(handle);
  if (holder !== undefined && holder !== teamIdOf(scope)) throw taken(HANDLE_TAKEN);
}

/** A hub as the administrator's list shows it. */
function listedHub(row: ListedHub, publicUrl: string) {
  return {
    handle: row.handle,
    title: row.title,
    published: row.published,
    team_id: Number(row.team_id),
    team_name: row.team_name,
    user_id: row.user_id === null ? null : Number(row.user_id),
    user_email: row.user_email,
    user_name: row.user_name,
    owner_disabled: row.owner_disabled,
    views: row.views,
    url: hubUrlOf(publicUrl, row.handle),
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  };
}

export function createHubService(deps: HubServiceDeps): HubService {
  const { store, clock, publicUrl } = deps;
  const present = (record: HubWithLinks) => toHub(record, publicUrl, deps.verifiedDomainOf(Number(record.team_id)));

  async function current(scope: Scope): Promise<HubWithLinks> {
    const hub = await store.hubs.of(scope);
    if (!hub) throw notFoundRule(NO_HUB);
    return hub;
  }

  /** Puts (or with null removes) one of the hub's images, its audit entry in the same transaction. */
  async function setImage(scope: Scope, image: HubImage, value: HubAvatar | null): Promise<void> {
    const hub = await current(scope);
    const entry = imageEntry(scope, hub, image, value?.etag ?? null);
    const audit = entry && ((tx: Executor) => recordAudit(tx, scope, entry, clock()));
    if (image === 'avatar') await store.hubs.setAvatar(scope, value, clock(), audit);
    else await store.hubs.setBackground(scope, value, clock(), audit);
    await deps.onChange(hub.handle);
  }

  return {
    async get(scope) {
      const hub = await store.hubs.of(scope);
      return hub ? present(hub) : null;
    },
    async put(scope, input) {
      const body = await withTeamHandle(store, scope, input);
      const parsed = parseHubInput(body);
      if (!parsed.ok) throw invalidInput(parsed.error);
      await handleFree(store, scope, parsed.hub.handle);
      const field = Array.isArray((body as { items?: unknown }).items) ? 'items' : 'links';
      const ids = parsed.hub.items.flatMap((item) => (item.type === 'link' ? [item.link_id] : []));
      const owned = await store.hubs.ownedLinkIds(scope, ids);
      const foreign = parsed.hub.items.findIndex((item) => item.type === 'link' && !owned.has(item.link_id));
      if (foreign !== -1) throw invalidInput(`${field}[${foreign}].link_id is not one of your links`);
      const before = await store.hubs.of(scope);
      try {
        const entry = hubEntry(scope, before ? 'hub.updated' : 'hub.created', before, parsed.hub);
        // A save that changes nothing writes no entry; a first save always does (hub.created).
        const record = (tx: Executor) =>
          before ? recordChange(tx, scope, entry, clock()) : recordAudit(tx, scope, entry, clock());
        await store.hubs.save(scope, parsed.hub, clock(), record);
      } catch (error) {
        if (error instanceof UniqueViolation && error.column === 'handle') throw taken(HANDLE_TAKEN);
        throw error;
      }
      if (before && before.handle !== parsed.hub.handle) await deps.onChange(before.handle);
      await deps.onChange(parsed.hub.handle);
      return present(await current(scope));
    },
    async remove(scope) {
      const before = await store.hubs.of(scope);
      const entry = hubEntry(scope, 'hub.deleted', before, undefined);
      await store.hubs.delete(scope, (tx) => recordAudit(tx, scope, entry, clock()));
      if (before) await deps.onChange(before.handle);
    },
    async setAvatar(scope, bytes) {
      const check = checkAvatar(bytes);
      if (!check.ok) return check;
      await setImage(scope, 'avatar', imageOf(bytes, check.type));
      return present(await current(scope));
    },
    async setBackground(scope, bytes) {
      const check = checkAvatar(bytes, MAX_BACKGROUND_BYTES, 'background');
      if (!check.ok) return check;
      await setImage(scope, 'background', imageOf(bytes, check.type));
      return present(await current(scope));
    },
    removeBackground: (scope) => setImage(scope, 'background', null),
    removeAvatar: (scope) => setImage(scope, 'avatar', null),
    async stats(scope, calendar, range) {
      const hub = await store.hubs.of(scope);
      const linkIds = hub?.links.map((link) => Number(link.link_id)) ?? [];
      const items = (hub?.items ?? []).map((item) => ({
        id: item.id,
        link_id: item.type === 'link' ? item.link_id : null,
      }));
      return hubStats(store.hubs, { scope, linkIds, items, calendar, range, now: clock() });
    },
    async list({ q, page, perPage }) {
      const { rows, total } = await store.hubs.page({ q, limit: perPage, offset: (page - 1) * perPage });
      return {
        hubs: rows.map((row) => listedHub(row, publicUrl)),
        total,
        page,
        per_page: perPage,
      };
    },
  };
}
