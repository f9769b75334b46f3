/**
 * The bodies of the teams' calls (docs/api.md#teams), parsed: each RuleError 400 names the field.
 */
import { normaliseEmail } from '../auth/accountService';
import { withinCharacters } from '../contract/characters';
import {
  ID_LIKE_SLUG,
  MAX_TEAM_NAME_LENGTH,
  slugFromName,
  TEAM_NAME_RULE,
  TEAM_ROLES,
  TEAM_SLUG,
  TEAM_SLUG_RULE,
  type TeamRole,
} from '../contract/teams';
import { invalidInput } from '../ruleError';
import type { Membership } from '../storage/repositories/teamMembers';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/;

const objectOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * `{name, slug?}`: a slug made from the name when left out (`made`: true); capitals lower-cased.
 */
export function parseTeamFields(body: unknown): { name: string; slug: string; made: boolean } {
  const { name, slug } = objectOf(body);
  if (typeof name !== 'string' || name.trim() === '' || !withinCharacters(name.trim(), MAX_TEAM_NAME_LENGTH)) {
    throw invalidInput(TEAM_NAME_RULE);
  }
  if (slug !== undefined && slug !== null && typeof slug !== 'string') throw invalidInput(TEAM_SLUG_RULE);
  const given = typeof slug === 'string' && slug.trim() !== '';
  const chosen = given ? slug.trim().toLowerCase() : slugFromName(name);
  if (!TEAM_SLUG.test(chosen) || ID_LIKE_SLUG.test(chosen)) throw invalidInput(TEAM_SLUG_RULE);
  return { name: name.trim(), slug: chosen, made: !given };
}

function parseRole(value: unknown): TeamRole {
  if (typeof value !== 'string' || !(TEAM_ROLES as readonly string[]).includes(value)) {
    throw invalidInput('role must be owner, editor or viewer');
  }
  return value as TeamRole;
}

/** `domains`: host names (lower-cased, without repeats), or null for all (docs/api.md#roles). */
export function parseDomains(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > 50 || !value.every((host) => typeof host === 'string')) {
    throw invalidInput('domains must be a list of host names, or null for all');
  }
  const hosts = (value as string[]).map((host) => host.trim().toLowerCase());
  if (!hosts.every((host) => HOST.test(host)))
    throw invalidInput('domains must be a list of host names, or null for all');
  return [...new Set(hosts)];
}

/** `{role, own_links_only?, domains?}`. */
export function parseMembership(body: unknown): Membership {
  const fields = objectOf(body);
  const own = fields.own_links_only;
  if (own !== undefined && typeof own !== 'boolean') throw invalidInput('own_links_only must be true or false');
  return { role: parseRole(fields.role), own_links_only: own === true, domains: parseDomains(fields.domains) };
}

/** What `PUT /api/teams/members` changes: its `role`, and `own_links_only` and `domains` only when given (no key otherwise). */
export type MembershipChange = Pick<Membership, 'role'> & Partial<Omit<Membership, 'role'>>;

/** `{role, own_links_only?, domains?}` of a change: a field left out stays as it is (docs/api.md#teams). */
export function parseMembershipChange(body: unknown): MembershipChange {
  const fields = objectOf(body);
  const parsed = parseMembership(body);
  const change: MembershipChange = { role: parsed.role };
  if (fields.own_links_only !== undefined) change.own_links_only = parsed.own_links_only;
  if (fields.domains !== undefined) change.domains = parsed.domains;
  return change;
}

/** The membership `change` makes of `now` (its fields left out stay as they are). */
export function changedMembership(now: Membership, change: MembershipChange): Membership {
  return { ...now, ...change };
}

/** `{email, role, own_links_only?, domains?}`. */
export function parseInvitation(body: unknown): Membership & { email: string } {
  const { email } = objectOf(body);
  if (typeof email !== 'string' || !EMAIL.test(email.trim()) || email.length > 254) {
    throw invalidInput('email must be an email address');
  }
  return { ...parseMembership(body), email: normaliseEmail(email) };
}
