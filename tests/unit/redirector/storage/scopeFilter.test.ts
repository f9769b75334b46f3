import { describe, expect, it } from 'vitest';
import { adminScope, keyScope, userScope } from '../../../../redirector/auth/scope';
import {
  hearingOwner,
  hubOwnedBy,
  ownedBy,
  ownedByRow,
  ownerValue,
  reachedBy,
  teamRow,
  teamValue,
  whereReached,
} from '../../../../redirector/storage/repositories/scopeFilter';

// The one place a scope becomes SQL (docs/api.md#scope-who-a-call-acts-for): an owner is a team.
const adaUser = { id: 7, name: 'Ada', personal_team_id: 70 };
const ada = userScope(adaUser);
const admin = adminScope('sign-in');
const shared = { id: 90, personalUserId: null, role: 'editor' as const, ownLinksOnly: false, domains: null };
const restricted = { ...shared, ownLinksOnly: true };

describe('scopeFilter', () => {
  it("owns a team's rows, and the administrator's own rows (no team), never everyone's", () => {
    expect(ownedBy(ada)).toEqual({ sql: 'team_id = ?', params: [70] });
    expect(ownedBy(keyScope(adaUser), 'l')).toEqual({ sql: 'l.team_id = ?', params: [70] });
    expect(ownedBy(userScope(adaUser, shared))).toEqual({ sql: 'team_id = ?', params: [90] });
    expect(ownedBy(admin)).toEqual({ sql: 'team_id IS NULL', params: [] });
    expect(ownedByRow(null, 'h')).toEqual({ sql: 'h.team_id IS NULL', params: [] });
  });

  it("reaches a team's links (a member restricted to their own: the ones they made); the administrator's reach leaves the owner out", () => {
    expect(reachedBy(ada, 'l')).toEqual({ sql: 'l.team_id = ?', params: [70] });
    expect(reachedBy(userScope(adaUser, restricted), 'l')).toEqual({
      sql: 'l.team_id = ? AND l.created_by = ?',
      params: [90, 7],
    });
    expect(reachedBy(admin, 'l')).toBeUndefined();
    expect(whereReached(ada, 'l')).toEqual({ sql: 'WHERE l.team_id = ?', params: [70] });
    expect(whereReached(admin, 'l')).toEqual({ sql: '', params: [] });
  });

  it('stores the team and user a new thing gets, and finds the owner row of one-per-owner things', () => {
    expect([ownerValue(ada), teamValue(ada)]).toEqual([7, 70]);
    expect([ownerValue(userScope(adaUser, shared)), teamValue(userScope(adaUser, shared))]).toEqual([null, 90]);
    expect([ownerValue(admin), teamValue(admin)]).toEqual([null, null]);
    // The custom domain and the hub are the team's, a shared team's too (docs/api.md#domains-and-hubs-of-a-team).
    expect(teamRow(ada)).toEqual({ sql: 't.id = ?', params: [70] });
    expect(teamRow(admin, 'teams')).toEqual({ sql: '1 = 0', params: [] });
    expect(hubOwnedBy(ada, 'h')).toEqual({ sql: 'h.team_id = ?', params: [70] });
    expect(hubOwnedBy(userScope(adaUser, shared))).toEqual({ sql: 'team_id = ?', params: [90] });
    expect(hubOwnedBy(admin)).toEqual({ sql: '1 = 0', params: [] });
  });

  it("lets a link's team's webhooks and the administrator's hear its events", () => {
    expect(hearingOwner(70)).toEqual({ sql: '(team_id IS NULL OR team_id = ?)', params: [70] });
    expect(hearingOwner(null)).toEqual({ sql: 'team_id IS NULL', params: [] });
  });
});
