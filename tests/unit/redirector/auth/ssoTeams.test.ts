/** Team roles from groups, the pure part (docs/api.md#team-roles-from-groups). */
import { describe, expect, it } from 'vitest';
import type { TeamGroup } from '../../../../redirector/auth/ssoConfig';
import { changeFor, rolesFromGroups } from '../../../../redirector/auth/ssoTeams';

const MAPPING: TeamGroup[] = [
  { group: 'desk', team: 'news', role: 'editor' },
  { group: 'chiefs', team: 'news', role: 'owner' },
  { group: 'readers', team: 'news', role: 'viewer' },
  { group: 'readers', team: 'sports', role: 'viewer' },
];

describe('team roles from groups', () => {
  it('gives each named team the highest role any of the groups maps to', () => {
    expect(rolesFromGroups(['readers', 'desk'], MAPPING)).toEqual(
      new Map([
        ['news', 'editor'],
        ['sports', 'viewer'],
      ]),
    );
    expect(rolesFromGroups(['chiefs', 'readers', 'desk'], MAPPING).get('news')).toBe('owner');
    expect(rolesFromGroups(['Desk', 'other'], MAPPING)).toEqual(new Map());
  });

  it('adds, changes, removes, or leaves a membership as it is', () => {
    expect(changeFor('editor', undefined)).toEqual({ kind: 'add', role: 'editor' });
    expect(changeFor('owner', 'viewer')).toEqual({ kind: 'set', role: 'owner' });
    expect(changeFor(undefined, 'owner')).toEqual({ kind: 'remove' });
    expect(changeFor('viewer', 'viewer')).toBeUndefined();
    expect(changeFor(undefined, undefined)).toBeUndefined();
  });
});
