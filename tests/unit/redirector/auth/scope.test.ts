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
const ada = { id: 7, name: 'Ada' };

const shape = (scope: Scope) => ({
  owner: scope.owner,
  reach: scope.reach,
  actor: scope.actor,
  manageKeys: scope.can('keys.manage'),
});

describe('a scope per credential', () => {
  it.each([
    ['a session', userScope(ada), { kind: 'user', id: 7 }, 'own', { type: 'user', id: 7, name: 'Ada' }, true],
    ['an API key', keyScope(ada), { kind: 'user', id: 7 }, 'own', { type: 'key', id: 7, name: 'Ada' }, false],
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
      'the service for an owner',
      systemScope(7),
      { kind: 'user', id: 7 },
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
  it("a user's scope owns and reaches its user's things only", () => {
    expect(ownerIdOf(userScope(ada))).toBe(7);
    expect(reaches(userScope(ada), 7)).toBe(true);
    expect(reaches(keyScope(ada), 8)).toBe(false);
    expect(reaches(userScope(ada), null)).toBe(false);
  });

  it("the administrator's owns the things without an owner and reaches everyone's", () => {
    expect(ownerIdOf(adminScope('sign-in'))).toBeNull();
    expect(reaches(adminScope('api-key'), 7)).toBe(true);
    expect(reaches(cliScope(), null)).toBe(true);
    expect(reaches(cliScope(ada), 8)).toBe(false);
  });
});
