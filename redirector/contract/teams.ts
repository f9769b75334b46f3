/**
 * Teams (docs/api.md#teams): roles, restrictions and the rules both sides apply.
 */
export const TEAM_ROLES = ['owner', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const KEY_SCOPES = ['read', 'write'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** Teams a user may belong to besides their personal one. */
export const MAX_TEAMS_PER_USER = 20;

/** The header and query parameter that choose a call's team (an id or a slug). */
export const TEAM_HEADER = 'X-Team';
export const TEAM_PARAMETER = 'team';

export const TEAM_NOT_FOUND = 'Team not found';
/**
 * A team's key acts as the member who made it, so the administrator, on a team, lists and deletes
 * the team's keys but makes none (docs/api.md#the-administrator-on-a-team).
 */
export const ADMIN_MAKES_NO_TEAM_KEYS =
  "A team's API keys are made by its members: the administrator may list and delete them, not make one";

/**
 * What a call on a team's things needs (docs/api.md#roles): `read` any member; `links` an editor
 * (links, tags, imports); `hub` an editor (the hub's content); `manage` an owner (members, domains,
 * webhooks, keys, settings).
 */
export type TeamNeed = 'read' | 'links' | 'hub' | 'manage';

const RANK: Record<TeamRole, number> = { viewer: 0, editor: 1, owner: 2 };
const NEEDED_ROLE: Record<TeamNeed, TeamRole> = { read: 'viewer', links: 'editor', hub: 'editor', manage: 'owner' };
const WHAT: Record<TeamNeed, string> = {
  read: 'read this team',
  links: 'change links',
  hub: "change the team's hub",
  manage: "manage this team's members, domains, webhooks and keys",
};

/** Whether `role` meets `need`. */
export function roleAllows(role: TeamRole, need: TeamNeed): boolean {
  return RANK[role] >= RANK[NEEDED_ROLE[need]];
}

/** The 403 message of a role that does not meet `need`, naming the role that would. */
export function roleMissing(role: TeamRole, need: TeamNeed): string {
  const needed = NEEDED_ROLE[need];
  const which = needed === 'owner' ? 'an owner' : 'an editor or an owner';
  return `Your role in this team (${role}) cannot ${WHAT[need]}: it needs ${which}`;
}

/**
 * The team itself and its memberships (rename, delete, invite, change or remove a member, make or
 * join a team) need a sign-in, as keys do (docs/api.md#api-keys): a leaked key cannot make its
 * holder a member, nor take the team from its owners.
 */
export const TEAMS_NEED_SIGN_IN = 'API keys cannot manage teams or their members: sign in';
export const READ_KEY_MISSING = 'This API key is read-only: the call needs a write key';
export const OWN_LINKS_ONLY_MISSING = 'You may only touch the links you created in this team';
export const domainMissing = (domain: string) => `You may not use the domain ${domain} in this team`;
/**
 * Whether links may go on `host` for a caller held to `allowed` (its membership's `domains`, a key's
 * narrowing them; null or undefined: every domain of the team). The server's check (auth/scope.ts)
 * and the forms' choices (the link form, the extension) both ask it (docs/api.md#roles).
 */
export const mayUseDomain = (allowed: readonly string[] | null | undefined, host: string): boolean =>
  !allowed || allowed.includes(host);

/**
 * The domains a caller may choose for a link, the verified custom domain first (`null`: the default
 * domain, whose host name is `defaultDomain`), those it is held to only (mayUseDomain).
 */
export function usableLinkDomains(domains: {
  defaultDomain: string;
  verified: string | null;
  allowed: readonly string[] | null | undefined;
}): (string | null)[] {
  const all = domains.verified === null ? [null] : [domains.verified, null];
  return all.filter((domain) => mayUseDomain(domains.allowed, domain ?? domains.defaultDomain));
}

export const TEAM_SLUG = /^[a-z0-9-]{3,40}$/;
export const MAX_TEAM_NAME_LENGTH = 100;
/** An invitation's life: 7 days, single use. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const TEAM_NAME_RULE = `Name must be 1-${MAX_TEAM_NAME_LENGTH} characters`;
export const TEAM_SLUG_RULE = 'Slug must be 3-40 characters of a-z, 0-9 and -, not only digits';
/** A slug of digits only would read as a team's id in `X-Team` and `?team=` (docs/api.md#roles). */
export const ID_LIKE_SLUG = /^[0-9]+$/;
export const TEAM_SLUG_TAKEN = 'This slug is taken';
export const TEAM_LIMIT_REACHED = `You may belong to at most ${MAX_TEAMS_PER_USER} teams besides your personal one`;
export const PERSONAL_TEAM_FIXED = 'A personal team cannot be renamed, left, given away or deleted';
export const LAST_OWNER = 'A team keeps at least one owner';
/** An account's deletion refused: it is the last owner of a shared team (docs/api.md#account-calls). */
export const accountLastOwner = (team: string) =>
  `The account is the last owner of the team "${team}": make another member an owner, or delete the team, first`;
export const CONFIRM_WITH_SLUG = "Confirm with the team's slug: {confirm: <slug>}";
export const INVITATION_INVALID = 'This invitation is invalid, used or expired';
export const ALREADY_MEMBER = 'You are already a member of this team';
export const MEMBER_NOT_FOUND = 'Member not found';
/** An open invitation cancelled, used, expired or of another team (docs/api.md#teams). */
export const INVITATION_NOT_FOUND = 'Invitation not found';
/** Signed out, an invitation whose email already has an account: that account signs in and joins. */
export const SIGN_IN_FIRST = 'Sign in first';

/** A slug made from a team's name: lower-cased, runs of other characters as one dash; `-team` after a short or all-digit one. */
export function slugFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug.length >= 3 && !ID_LIKE_SLUG.test(slug) ? slug : `${slug}-team`.replace(/^-/, '');
}

/** How many slugs a team made without one tries: its name's, then with -2 … -20 (docs/api.md#teams). */
export const MADE_SLUG_TRIES = 20;

/** The `n`th slug to try for a made slug `base` (1: `base` itself; then `base-n`, within 40 characters). */
export function madeSlug(base: string, n: number): string {
  if (n === 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`;
}

export interface Team {
  id: number;
  name: string;
  /** null for a personal team (its hub is its user's). */
  slug: string | null;
  personal: boolean;
  /** The caller's role. */
  role: TeamRole;
  members: number;
  links: number;
}

export interface TeamMember {
  user: { id: number; name: string; email: string };
  role: TeamRole;
  own_links_only: boolean;
  /** Host names; null: all of the team's. */
  domains: string[] | null;
  joined_at: string;
}

export interface TeamInvitation {
  id: number;
  email: string;
  role: TeamRole;
  expires_at: string;
}

export interface TeamsResponse {
  teams: Team[];
}

export interface TeamMembersResponse {
  members: TeamMember[];
  invitations: TeamInvitation[];
}

export interface InvitationResponse {
  /** PUBLIC_URL/join/<token>: the token is shown only here. */
  url: string;
  expires_at: string;
}

/** POST /api/teams/join signed out: `{token, name, password}` (docs/api.md#joining-a-team). */
export interface JoinSignedOutRequest {
  token: string;
  name: string;
  password: string;
}

/**
 * POST /api/teams/invitation `{token}`, no credential (docs/api.md#joining-a-team): what the join page
 * shows before joining, the team's name, the role offered, the address invited and the end; not
 * the team's id or slug.
 */
export interface InvitationPeekResponse {
  team: { name: string };
  role: TeamRole;
  /** The address invited: a new account made on the join page gets it. */
  email: string;
  expires_at: string;
}

/** The answer to joining: the team; signed out, also the new account and its session. */
export interface JoinResponse {
  team: Team;
  token?: string;
  user?: { id: number; name: string; email: string };
}

/** Shown to the administrator at most (docs/api.md#teams-for-the-administrator). */
export const ADMIN_TEAMS_LIMIT = 1000;

/** A shared team as the administrator sees it. */
export interface AdminTeam {
  id: number;
  name: string;
  slug: string;
  members: number;
  links: number;
  /** Its owners' names. */
  owners: string[];
  created_at: string;
}

export interface AdminTeamsResponse {
  teams: AdminTeam[];
}
