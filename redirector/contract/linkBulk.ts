/**
 * The bulk call on links (docs/api.md#bulk-changes): `POST /api/links/bulk` `{ids | filter, action,
 * tags?, team?, domain?}` → `{done, failed}`. The body's rules both sides apply. Pure.
 */
import { type LinkListQuery, parseLinkListQuery } from './lists';
import { normaliseTags } from './tags';

export const BULK_ACTIONS = ['tag', 'untag', 'archive', 'unarchive', 'enable', 'disable', 'delete', 'move'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The most ids one call names. */
export const MAX_BULK_IDS = 1000;

/** The list filters a bulk call's `filter` takes (docs/api.md#lists-pages-search-sort-tags). */
export const BULK_FILTER_FIELDS = ['q', 'tag', 'archived', 'health', 'created_by'] as const;

/** Which links: the list's filters, without its order and page. */
export type BulkFilter = Pick<LinkListQuery, 'q' | 'tag' | 'archived' | 'health' | 'created_by'>;

export interface BulkRequest {
  /** The links named one by one, or undefined when `filter` selects them. */
  ids?: number[];
  filter?: BulkFilter;
  action: BulkAction;
  /** `tag` and `untag`: the tags, normalised. */
  tags?: string[];
  /** `move`: the team to move to (an id or a slug); undefined: the links stay in their team. */
  team?: string;
  /** `move`: the domain to move to (null: the default domain); with `team`, undefined keeps each link's. */
  domain?: string | null;
}

/** Body of POST /api/links/bulk, as the UI sends it. */
export interface BulkBody {
  ids?: number[];
  filter?: Partial<Record<(typeof BULK_FILTER_FIELDS)[number], string | number>>;
  action: BulkAction;
  tags?: string[];
  team?: string | number;
  domain?: string | null;
}

/** Answer of POST /api/links/bulk. */
export interface BulkResult {
  /** The links changed. */
  done: number;
  /** The links refused, each with its reason (a single change's message). */
  failed: { id: number; error: string }[];
}

export const BULK_BODY = 'Request body must be an object with ids or filter, and action';
export const BULK_IDS_OR_FILTER = 'Give either ids or filter, not both';
export const BULK_IDS_RULE = `ids must be a list of 1 to ${MAX_BULK_IDS} link ids`;
export const BULK_FILTER_RULE = `filter must be an object of ${BULK_FILTER_FIELDS.join(', ')}`;
export const BULK_ACTION_RULE = `action must be one of ${BULK_ACTIONS.join(', ')}`;
export const BULK_TAGS_NEEDED = 'tag and untag need tags: a list of 1 to 10 tags';
export const BULK_MOVE_NEEDS =
  "move needs team (a team's id or slug) or domain (a domain name, or null for the default domain)";
export const BULK_TEAM_RULE = "team must be a team's id or slug";
/** A link on a custom domain the target team does not have (docs/api.md#moving-links-to-another-team). */
export const moveDomainNotInTeam = (host: string) =>
  `The link is on ${host}, which is not a domain of the team it would move to: give domain (null for the default domain)`;
/** The caller's role in the team the links would move to forbids it: the role rule's message, said of that team. */
export const moveTargetMissing = (missing: string) => `In the team you move links to: ${missing}`;

/** A team's id or slug as `X-Team` takes it (docs/api.md#scope-of-every-call). */
const TEAM_REF = /^[A-Za-z0-9-]{1,40}$/;

export type ParsedBulk = { ok: true; request: BulkRequest } | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseIds(value: unknown): number[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BULK_IDS) return undefined;
  if (!value.every((id) => Number.isSafeInteger(id) && (id as number) >= 1)) return undefined;
  return [...new Set(value as number[])];
}

function parseFilter(value: unknown): BulkFilter | string {
  if (!isRecord(value)) return BULK_FILTER_RULE;
  const params: Record<string, string> = {};
  for (const [name, field] of Object.entries(value)) {
    if (!(BULK_FILTER_FIELDS as readonly string[]).includes(name)) return BULK_FILTER_RULE;
    if (field === null || field === undefined) continue;
    if (typeof field !== 'string' && typeof field !== 'number') return BULK_FILTER_RULE;
    params[name] = String(field);
  }
  const parsed = parseLinkListQuery(params);
  if (!parsed.ok) return parsed.error;
  const { q, tag, archived, health, created_by } = parsed.query;
  return { q, tag, archived, health, created_by };
}

function parseDomain(body: Record<string, unknown>): string | null | undefined {
  if (body.domain === null) return null;
  if (typeof body.domain !== 'string') return undefined;
  return body.domain.trim().toLowerCase().replace(/\.$/, '') || null;
}

/** The action's own fields: tags for tag and untag, a domain for move. */
function actionFields(action: BulkAction, body: Record<string, unknown>): Partial<BulkRequest> | string {
  if (action === 'tag' || action === 'untag') {
    const tags = normaliseTags(body.tags);
    if (!tags.ok) return body.tags === undefined ? BULK_TAGS_NEEDED : tags.error;
    return tags.tags.length === 0 ? BULK_TAGS_NEEDED : { tags: tags.tags };
  }
  if (action === 'move') {
    const domain = parseDomain(body);
    if (body.team === undefined || body.team === null) return domain === undefined ? BULK_MOVE_NEEDS : { domain };
    const team = typeof body.team === 'number' ? String(body.team) : body.team;
    if (typeof team !== 'string' || !TEAM_REF.test(team.trim())) return BULK_TEAM_RULE;
    if (body.domain !== undefined && domain === undefined) return BULK_MOVE_NEEDS;
    return domain === undefined ? { team: team.trim() } : { team: team.trim(), domain };
  }
  return {};
}

/** Reads a bulk call's body; a broken rule → its message. */
export function parseBulkBody(body: unknown): ParsedBulk {
  if (!isRecord(body)) return { ok: false, error: BULK_BODY };
  if (body.ids !== undefined && body.filter !== undefined) return { ok: false, error: BULK_IDS_OR_FILTER };
  if (body.ids === undefined && body.filter === undefined) return { ok: false, error: BULK_BODY };
  const action = body.action;
  if (typeof action !== 'string' || !(BULK_ACTIONS as readonly string[]).includes(action)) {
    return { ok: false, error: BULK_ACTION_RULE };
  }
  const request: BulkRequest = { action: action as BulkAction };
  if (body.ids !== undefined) {
    const ids = parseIds(body.ids);
    if (!ids) return { ok: false, error: BULK_IDS_RULE };
    request.ids = ids;
  } else {
    const filter = parseFilter(body.filter);
    if (typeof filter === 'string') return { ok: false, error: filter };
    request.filter = filter;
  }
  const fields = actionFields(request.action, body);
  if (typeof fields === 'string') return { ok: false, error: fields };
  return { ok: true, request: { ...request, ...fields } };
}
