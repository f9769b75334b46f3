import { describe, expect, it } from 'vitest';
import {
  adminScope,
  cliScope,
  keyScope,
  ownerIdOf,
  reaches,
  type Scope,
  systemScope,
  userScope,
} from '../../../../redirector/auth/scope';

// The scope's rules (docs/api.md#scope-who-a-call-acts-for): one value per call, built by one
// constructor per credential.
const ada = { id: 7, name: 'Ada', personal_team_id: 70 };

const shape = (scope: Scope) => ({
  owner: scope.owner,
  reach: scope.reach,
  actor: scope.actor,
  manageKeys: scope.can('keys.manage'),
});

describe('a scope per credential', () => {
  it.each([
    ['a session', userScope(ada), { kind: 'user', id: 7 }, 'own', { type: 'user', id: 7, name: 'Ada' }, true],
    [
      'an API key',
      keyScope(ada),
      { kind: 'user', id: 7 },
      'own',
      { type: 'key', id: 7, name: 'Ada', key: { id: 0, name: 'Ada' } },
      false,
    ],
    [
      'the admin key',
      adminScope('sign-in'),
      { kind: 'admin' },
      'all',
      { type: 'admin', id: null, name: 'admin' },
      true,
    ],
    [
      'an admin API key',
      adminScope('api-key'),
      { kind: 'admin' },
      'all',
      { type: 'admin', id: null, name: 'admin' },
      false,
    ],
    ['the CLI', cliScope(), { kind: 'admin' }, 'all', { type: 'cli', id: null, name: 'cli' }, true],
    [
      'the CLI with --user',
      cliScope(ada),
      { kind: 'user', id: 7 },
      'own',
      { type: 'cli', id: null, name: 'cli' },
      true,
    ],
    ['the service', systemScope(), { kind: 'admin' }, 'all', { type: 'cli', id: null, name: 'system' }, false],
    [
      'the service for a team',
      systemScope(70),
      { kind: 'team', id: 70 },
      'own',
      { type: 'cli', id: null, name: 'system' },
      false,
    ],
  ] as const)('%s', (_, scope, owner, reach, actor, manageKeys) => {
    expect(shape(scope)).toEqual({ owner, reach, actor, manageKeys });
    expect(Object.isFrozen(scope)).toBe(true);
  });
});

describe('what a scope owns and reaches', () => {
  it("a user's scope owns and reaches its team's things only", () => {
    expect(ownerIdOf(userScope(ada))).toBe(7);
    expect(reaches(userScope(ada), 70)).toBe(true);
    expect(reaches(keyScope(ada), 71)).toBe(false);
    expect(reaches(userScope(ada), null)).toBe(false);
  });

  it("the administrator's owns the things without an owner and reaches everyone's", () => {
    expect(ownerIdOf(adminScope('sign-in'))).toBeNull();
    expect(reaches(adminScope('api-key'), 70)).toBe(true);
    expect(reaches(cliScope(), null)).toBe(true);
    expect(reaches(cliScope(ada), 71)).toBe(false);
  });
});

describe('what a team member may do (docs/api.md#roles)', () => {
  const team = (role: 'owner' | 'editor' | 'viewer') => ({
    id: 90,
    personalUserId: null,
    role,
    ownLinksOnly: false,
    domains: null,
  });
  const needs = ['read', 'links', 'hub', 'manage', 'keys.manage'] as const;
  const allowed = (scope: Scope) => needs.filter((need) => scope.can(need));

  it('an owner does everything, an editor links and the hub, a viewer reads', () => {
    expect(allowed(userScope(ada, team('owner')))).toEqual([...needs]);
    expect(allowed(userScope(ada, team('editor')))).toEqual(['read', 'links', 'hub']);
    expect(allowed(userScope(ada, team('viewer')))).toEqual(['read']);
  });

  it('names what is missing', () => {
    expect(userScope(ada, team('viewer')).missing('links')).toBe(
      'Your role in this team (viewer) cannot change links: it needs an editor or an owner',
    );
    expect(userScope(ada, team('editor')).missing('manage')).toMatch(/\(editor\).*needs an owner$/);
  });

  it('a read key reads only; a write key does what its maker may, but never manages keys', () => {
    const readKey = keyScope(ada, team('owner'), { id: 3, name: 'ci', scope: 'read' });
    expect(allowed(readKey)).toEqual(['read']);
    expect(readKey.missing('links')).toBe('This API key is read-only: the call needs a write key');
    expect(allowed(keyScope(ada, team('editor'), { id: 3, name: 'ci', scope: 'write' }))).toEqual([
      'read',
      'links',
      'hub',
    ]);
  });
});
