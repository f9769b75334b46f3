import { describe, expect, it } from 'vitest';
import { adminScope, keyScope, userScope } from '../../../../redirector/auth/scope';
import {
  hearingOwner,
  ownedBy,
  ownedByRow,
  ownerRow,
  ownerValue,
  reachedBy,
  whereReached,
} from '../../../../redirector/storage/repositories/scopeFilter';

// The one place a scope becomes SQL (docs/api.md#scope-who-a-call-acts-for).
const ada = userScope({ id: 7, name: 'Ada' });
const admin = adminScope('sign-in');

describe('scopeFilter', () => {
  it("owns a user's rows, and the administrator's own rows (no owner), never everyone's", () => {
    expect(ownedBy(ada)).toEqual({ sql: 'user_id = ?', params: [7] });
    expect(ownedBy(keyScope({ id: 7, name: 'Ada' }), 'l')).toEqual({ sql: 'l.user_id = ?', params: [7] });
    expect(ownedBy(admin)).toEqual({ sql: 'user_id IS NULL', params: [] });
    expect(ownedByRow(null, 'h')).toEqual({ sql: 'h.user_id IS NULL', params: [] });
  });

  it("reaches a user's rows; the administrator's reach leaves the owner out", () => {
    expect(reachedBy(ada, 'l')).toEqual({ sql: 'l.user_id = ?', params: [7] });
    expect(reachedBy(admin, 'l')).toBeUndefined();
    expect(whereReached(ada, 'l')).toEqual({ sql: 'WHERE l.user_id = ?', params: [7] });
    expect(whereReached(admin, 'l')).toEqual({ sql: '', params: [] });
  });

  it('stores the owner a new thing gets, and finds the owner row of one-per-owner things', () => {
    expect(ownerValue(ada)).toBe(7);
    expect(ownerValue(admin)).toBeNull();
    expect(ownerRow(ada)).toEqual({ sql: 'u.id = ?', params: [7] });
    expect(ownerRow(admin, 'users')).toEqual({ sql: '1 = 0', params: [] });
  });

  it("lets a link's owner's webhooks and the administrator's hear its events", () => {
    expect(hearingOwner(7)).toEqual({ sql: '(user_id IS NULL OR user_id = ?)', params: [7] });
    expect(hearingOwner(null)).toEqual({ sql: 'user_id IS NULL', params: [] });
  });
});
