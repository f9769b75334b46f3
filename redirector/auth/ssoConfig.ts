/** The settings of single sign-on and of password sign-in (docs/api.md#single-sign-on), read by config.ts. */

import { isIP } from 'node:net';
import { withinCharacters } from '../contract/characters';
import { TEAM_ROLES, TEAM_SLUG, type TeamRole } from '../contract/teams';

/** One entry of OIDC_TEAM_GROUPS: members of `group` get `role` in the shared team `team` (a slug). */
export interface TeamGroup {
  group: string;
  team: string;
  role: TeamRole;
}

export interface SsoConfig {
  /** OIDC_ISSUER as given: it must equal the provider's own `issuer` (its discovery document's). */
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE alone). Never in a log or an answer. */
  clientSecret: string | undefined;
  /** OIDC_SCOPES, space-separated, `openid` among them. */
  scopes: string;
  /** OIDC_NAME: the login screen's button says "Sign in with <name>". */
  name: string;
  /** OIDC_NEW_USERS=off: a provider identity with no account here is refused. */
  newUsers: boolean;
  /** OIDC_GROUPS_CLAIM: the claim that lists the user's groups. */
  groupsClaim: string;
  /** OIDC_ADMIN_GROUPS: members of any of these get an administrator session too. */
  adminGroups: readonly string[];
  /** OIDC_TEAM_GROUPS: the teams whose memberships follow the groups at every sign-in. */
  teamGroups: readonly TeamGroup[];
}

export const DEFAULT_SSO_SCOPES = 'openid email profile';
export const DEFAULT_SSO_NAME = 'Single sign-on';
export const DEFAULT_GROUPS_CLAIM = 'groups';
const MAX_NAME_LENGTH = 60;

/** Variables that mean nothing without OIDC_ISSUER: set alone, they are a mistake worth a line. */
const DEPENDENT = [
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_SCOPES',
  'OIDC_NAME',
  'OIDC_NEW_USERS',
  'OIDC_GROUPS_CLAIM',
  'OIDC_ADMIN_GROUPS',
  'OIDC_TEAM_GROUPS',
] as const;

const set = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** `fail` throws the service's ConfigError with the message. */
export function parseSsoConfig(env: NodeJS.ProcessEnv, fail: (message: string) => never): SsoConfig | undefined {
  if (!set(env.OIDC_ISSUER)) {
    const stray = DEPENDENT.find((name) => set(env[name]));
    if (stray !== undefined) fail(`${stray} is set but OIDC_ISSUER is not: set OIDC_ISSUER or unset ${stray}`);
    return undefined;
  }
  const issuer = parseIssuer(env.OIDC_ISSUER, fail);
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  if (clientId === '') fail('OIDC_CLIENT_ID must be set when OIDC_ISSUER is (the client id the provider gave Me)');
  return {
    issuer,
    clientId,
    clientSecret:
      env.OIDC_CLIENT_SECRET === undefined || env.OIDC_CLIENT_SECRET === '' ? undefined : env.OIDC_CLIENT_SECRET,
    scopes: parseScopes(env.OIDC_SCOPES, fail),
    name: parseName(env.OIDC_NAME, fail),
    newUsers: parseOnOff('OIDC_NEW_USERS', env.OIDC_NEW_USERS, fail),
    groupsClaim: parseClaimName(env.OIDC_GROUPS_CLAIM, fail),
    adminGroups: parseGroups(env.OIDC_ADMIN_GROUPS, fail),
    teamGroups: parseTeamGroups(env.OIDC_TEAM_GROUPS, fail),
  };
}

/** PASSWORD_LOGIN (default on); off needs single sign-on, or nobody but the administrator could sign in. */
export function parsePasswordLogin(
  value: string | undefined,
  sso: SsoConfig | undefined,
  fail: (message: string) => never,
): boolean {
  const on = parseOnOff('PASSWORD_LOGIN', value, fail);
  if (!on && sso === undefined) fail('PASSWORD_LOGIN=off needs single sign-on: set OIDC_ISSUER and OIDC_CLIENT_ID');
  return on;
}

function parseOnOff(name: string, value: string | undefined, fail: (message: string) => never): boolean {
  const normalised = value?.trim().toLowerCase() ?? '';
  if (['', 'on', '1', 'true'].includes(normalised)) return true;
  if (['off', '0', 'false'].includes(normalised)) return false;
  fail(`${name} must be on or off (got "${String(value).slice(0, 40)}")`);
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

function parseIssuer(value: string, fail: (message: string) => never): string {
  const text = value.trim();
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!url || !secure || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    fail(`OIDC_ISSUER must be an https:// URL (http:// only on loopback) without query (got "${text.slice(0, 80)}")`);
  }
  return text;
}

function parseScopes(value: string | undefined, fail: (message: string) => never): string {
  if (!set(value)) return DEFAULT_SSO_SCOPES;
  const scopes = value.trim().split(/\s+/);
  if (!scopes.includes('openid') || scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    fail(`OIDC_SCOPES must be space-separated scopes including openid (got "${value.slice(0, 80)}")`);
  }
  return scopes.join(' ');
}

function parseName(value: string | undefined, fail: (message: string) => never): string {
  if (!set(value)) return DEFAULT_SSO_NAME;
  const name = value.trim();
  if (!withinCharacters(name, MAX_NAME_LENGTH) || /\p{Cc}/u.test(name)) {
    fail(`OIDC_NAME must be at most ${MAX_NAME_LENGTH} characters of text (got "${name.slice(0, 80)}")`);
  }
  return name;
}

function parseClaimName(value: string | undefined, fail: (message: string) => never): string {
  if (!set(value)) return DEFAULT_GROUPS_CLAIM;
  const claim = value.trim();
  if (!/^[A-Za-z0-9_:./-]{1,100}$/.test(claim)) {
    fail(`OIDC_GROUPS_CLAIM must be a claim name (letters, digits, _ : . / -) (got "${claim.slice(0, 80)}")`);
  }
  return claim;
}

function parseGroups(value: string | undefined, fail: (message: string) => never): string[] {
  if (!set(value)) return [];
  const groups = value.split(',').map((group) => group.trim());
  if (groups.some((group) => group === '' || group.length > 200 || /\p{Cc}/u.test(group))) {
    fail(`OIDC_ADMIN_GROUPS must be comma-separated group names (got "${value.slice(0, 80)}")`);
  }
  return groups;
}

/**
 * `group=team-slug:role`, comma-separated. The group is what comes before the last `=` (a group
 * path may hold `/` or `:`), the role what follows the last `:`.
 */
function parseTeamGroups(value: string | undefined, fail: (message: string) => never): TeamGroup[] {
  if (!set(value)) return [];
  return value.split(',').map((text) => {
    const entry = text.trim();
    const equals = entry.lastIndexOf('=');
    const colon = entry.lastIndexOf(':');
    const group = entry.slice(0, Math.max(equals, 0)).trim();
    const team = entry
      .slice(equals + 1, colon > equals ? colon : undefined)
      .trim()
      .toLowerCase();
    const role = entry.slice(colon + 1).trim();
    const roleKnown = (TEAM_ROLES as readonly string[]).includes(role);
    if (
      equals < 1 ||
      colon < equals ||
      group.length > 200 ||
      /\p{Cc}/u.test(group) ||
      !TEAM_SLUG.test(team) ||
      !roleKnown
    ) {
      fail(
        `OIDC_TEAM_GROUPS must be comma-separated group=team-slug:role entries, role owner, editor or viewer (got "${entry.slice(0, 80)}")`,
      );
    }
    return { group, team, role: role as TeamRole };
  });
}
