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

export const READ_KEY_MISSING = 'This API key is read-only: the call needs a write key';
export const OWN_LINKS_ONLY_MISSING = 'You may only touch the links you created in this team';
export const domainMissing = (domain: string) => `You may not use the domain ${domain} in this team`;
