/** OIDC_* and PASSWORD_LOGIN (docs/api.md#single-sign-on): defaults, and one line for each bad value. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../redirector/config';

const BASE = { ADMIN_KEY: 'test-admin-key-0123456789', OIDC_CLIENT_ID: 'me' };
const problem = (env: Record<string, string>): string => {
  try {
    loadConfig({ ...BASE, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'accepted';
};

const ISSUER = 'https://id.example.org';
const ISSUER_RULE = 'an https:// URL (http:// only on loopback) without query';
const TEAM_GROUPS_RULE = 'comma-separated group=team-slug:role entries, role owner, editor or viewer';

/** `name=value` beside a good issuer, and the line that refuses it: `got` is the part named wrong. */
const bad = (name: string, value: string, rule: string, got = value): [Record<string, string>, string] => [
  { OIDC_ISSUER: ISSUER, [name]: value },
  `${name} must be ${rule} (got "${got}")`,
];
/** A bad OIDC_TEAM_GROUPS entry after a good one. */
const badTeamGroup = (entry: string, got = entry) =>
  bad('OIDC_TEAM_GROUPS', `staff=staff:editor,${entry}`, TEAM_GROUPS_RULE, got);

describe('single sign-on settings', () => {
  it('are off without OIDC_ISSUER, with password sign-in on', () => {
    const config = loadConfig({ ADMIN_KEY: BASE.ADMIN_KEY });
    expect([config.sso, config.passwordLogin]).toEqual([undefined, true]);
  });

  it('take their defaults, an https issuer, or http on loopback only', () => {
    const config = loadConfig({ ...BASE, OIDC_ISSUER: 'https://id.example.org/realms/staff' });
    expect(config.sso).toEqual({
      issuer: 'https://id.example.org/realms/staff',
      clientId: 'me',
      clientSecret: undefined,
      scopes: 'openid email profile',
      name: 'Single sign-on',
      newUsers: true,
      groupsClaim: 'groups',
      adminGroups: [],
      teamGroups: [],
    });
    for (const issuer of ['http://127.0.0.1:9000', 'http://localhost:9000/x', 'http://[::1]:9000']) {
      expect(problem({ OIDC_ISSUER: issuer }), issuer).toBe('accepted');
    }
    const full = loadConfig({
      ...BASE,
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_SCOPES: ' openid  email groups ',
      OIDC_NAME: ' Staff login ',
      OIDC_NEW_USERS: 'off',
      OIDC_GROUPS_CLAIM: 'roles',
      OIDC_ADMIN_GROUPS: 'admins, /it/operators',
      OIDC_TEAM_GROUPS: ' news-desk=newsroom:editor,/org/a=b:chiefs=News-Room:owner , readers = newsroom : viewer',
      PASSWORD_LOGIN: 'off',
    });
    expect(full.sso).toMatchObject({
      clientSecret: 's3cret',
      scopes: 'openid email groups',
      name: 'Staff login',
      newUsers: false,
      groupsClaim: 'roles',
      adminGroups: ['admins', '/it/operators'],
      teamGroups: [
        { group: 'news-desk', team: 'newsroom', role: 'editor' },
        // The group is all before the last '=', the role all after the last ':'.
        { group: '/org/a=b:chiefs', team: 'news-room', role: 'owner' },
        { group: 'readers', team: 'newsroom', role: 'viewer' },
      ],
    });
    expect(full.passwordLogin).toBe(false);
  });

  it.each([
    bad('OIDC_ISSUER', 'http://id.example.org', ISSUER_RULE),
    bad('OIDC_ISSUER', 'not a url', ISSUER_RULE),
    bad('OIDC_ISSUER', 'https://id.example.org?x=1', ISSUER_RULE),
    [
      { OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: ' ' },
      'OIDC_CLIENT_ID must be set when OIDC_ISSUER is (the client id the provider gave Me)',
    ],
    bad('OIDC_SCOPES', 'email profile', 'space-separated scopes including openid'),
    bad('OIDC_NAME', 'x'.repeat(61), 'at most 60 characters of text'),
    bad('OIDC_NEW_USERS', 'maybe', 'on or off'),
    bad('OIDC_GROUPS_CLAIM', 'my groups', 'a claim name (letters, digits, _ : . / -)'),
    bad('OIDC_ADMIN_GROUPS', 'admins,,ops', 'comma-separated group names'),
    badTeamGroup('staff=staff:admin'),
    badTeamGroup('staff:editor'),
    badTeamGroup('=staff:editor'),
    badTeamGroup('staff=st:viewer'),
    badTeamGroup('staff=my team:viewer'),
    badTeamGroup('staff=team-one'),
    // An empty entry between two commas.
    badTeamGroup(',x=team-one:viewer', ''),
    bad('PASSWORD_LOGIN', 'no', 'on or off'),
    [
      { PASSWORD_LOGIN: 'off' },
      'OIDC_CLIENT_ID is set but OIDC_ISSUER is not: set OIDC_ISSUER or unset OIDC_CLIENT_ID',
    ],
  ])('refuses %j with one line', (env, message) => {
    expect(problem(env)).toBe(message);
  });

  it('refuses PASSWORD_LOGIN=off without single sign-on', () => {
    expect(() => loadConfig({ ADMIN_KEY: BASE.ADMIN_KEY, PASSWORD_LOGIN: 'off' })).toThrow(
      'PASSWORD_LOGIN=off needs single sign-on: set OIDC_ISSUER and OIDC_CLIENT_ID',
    );
  });
});
