/**
 * AUDIT_RETENTION_DAYS and MAX_LINKS_PER_TEAM (docs/api.md#configuration), the audit writer's
 * secret rule and the list query's rules (docs/api.md#audit-log).
 */
import { describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../../../redirector/audit/auditLog';
import { ConfigError, loadConfig } from '../../../../redirector/config';
import { parseAuditListQuery } from '../../../../redirector/contract/audit';

describe('AUDIT_RETENTION_DAYS and MAX_LINKS_PER_TEAM', () => {
  it('default to 365 days and 10,000 links; the old MAX_LINKS_PER_USER is still read', () => {
    expect(loadConfig({})).toMatchObject({ auditRetentionDays: 365, maxLinksPerUser: 10_000 });
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '36500' }).auditRetentionDays).toBe(36_500);
    expect(loadConfig({ MAX_LINKS_PER_USER: '7' }).maxLinksPerUser).toBe(7);
    expect(loadConfig({ MAX_LINKS_PER_TEAM: '9', MAX_LINKS_PER_USER: '7' }).maxLinksPerUser).toBe(9);
  });

  it.each([
    [{ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500 (got "0")'],
    [
      { AUDIT_RETENTION_DAYS: '36501' },
      'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500 (got "36501")',
    ],
    [{ AUDIT_RETENTION_DAYS: 'a year' }, 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500'],
    [{ MAX_LINKS_PER_TEAM: '0' }, 'MAX_LINKS_PER_TEAM must be a whole number of at least 1 (got "0")'],
    [{ MAX_LINKS_PER_USER: 'x' }, 'MAX_LINKS_PER_USER must be a whole number of at least 1 (got "x")'],
  ])('refuses %o with one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the audit writer and the list query', () => {
  it('shows a password, secret, token or key only as "(changed)"', () => {
    expect(
      withoutSecrets({
        title: ['a', 'b'],
        password: ['x', 'y'],
        secret: [null, 'whsec_1'],
        token_hash: ['1', '2'],
        key: ['k', 'l'],
      }),
    ).toEqual({
      title: ['a', 'b'],
      password: ['(changed)', '(changed)'],
      secret: ['(changed)', '(changed)'],
      token_hash: ['(changed)', '(changed)'],
      key: ['(changed)', '(changed)'],
    });
  });

  it('reads actor, action and the page', () => {
    expect(parseAuditListQuery({ actor: 'key:12', action: 'link', page: '2' })).toEqual({
      ok: true,
      query: { actor: { type: 'key', id: 12 }, action: 'link', page: 2, per_page: 50 },
    });
    expect(parseAuditListQuery({ actor: 'admin' })).toMatchObject({ query: { actor: { type: 'admin' } } });
    expect(parseAuditListQuery({ actor: '7' })).toMatchObject({ query: { actor: { type: 'user', id: 7 } } });
    for (const actor of ['0', 'key:', 'root', '1e3']) expect(parseAuditListQuery({ actor }).ok).toBe(false);
    for (const action of ['link.', '.created', 'a.b.c', 'LINK']) expect(parseAuditListQuery({ action }).ok).toBe(false);
  });
});
