import { describe, expect, it } from 'vitest';
import { userScope } from '../../../../redirector/auth/scope';
import { settingsAfter, settingsEntry, stateEntries } from '../../../../redirector/domains/domainAudit';
import { NO_DOMAIN_SETTINGS } from '../../../../redirector/storage/repositories/domainSettingsRepository';

// A domain's changes as the audit log keeps them (docs/api.md#audit-log): its settings with the
// `.well-known` documents withheld, and the states the administrator's verification changed.
const ada = userScope({ id: 7, name: 'Ada', personal_team_id: 70 });
const DOMAIN = 'go.ada.example';
const document = JSON.stringify({ applinks: { details: [{ appID: 'TEAM.ada.app' }] } });

describe('a domain’s settings in the audit log', () => {
  it('keeps each changed field, a document only as "(changed)" where there is one', () => {
    const before = { ...NO_DOMAIN_SETTINGS, root_url: 'https://ada.example/', asset_links: '[]' };
    const after = settingsAfter(before, { root_url: null, apple_app_site_association: document, asset_links: '[1]' });
    expect(settingsEntry(ada, DOMAIN, before, after)).toEqual({
      teamId: 70,
      action: 'domain.updated',
      target: { type: 'domain', id: null, label: DOMAIN },
      changes: {
        root_url: ['https://ada.example/', null],
        apple_app_site_association: [null, '(changed)'],
        asset_links: ['(changed)', '(changed)'],
      },
    });
  });

  it('keeps a field left out as it was, and writes nothing when nothing changes', () => {
    const before = { ...NO_DOMAIN_SETTINGS, expired_url: 'https://ada.example/gone' };
    const same = settingsAfter(before, { expired_url: 'https://ada.example/gone', root_url: undefined });
    expect(same).toEqual(before);
    expect(settingsEntry(ada, DOMAIN, before, same)).toBeUndefined();
  });
});

describe('the states a verification changed', () => {
  it('is one entry per claim whose status changed, in its team, its error when that changed too', () => {
    const entries = stateEntries(DOMAIN, [
      { team_id: 70, status: ['pending', 'verified'], error: [null, null] },
      { team_id: 71, status: ['pending', 'failed'], error: ['No TXT record', 'verified by another account'] },
      { team_id: 72, status: ['failed', 'failed'], error: ['No TXT record', 'verified by another account'] },
    ]);
    expect(entries.map((entry) => [entry.teamId, entry.action, entry.changes])).toEqual([
      [70, 'domain.status_changed', { status: ['pending', 'verified'] }],
      [
        71,
        'domain.status_changed',
        { status: ['pending', 'failed'], error: ['No TXT record', 'verified by another account'] },
      ],
    ]);
  });
});
