/**
 * A custom domain's changes as the audit log keeps them (docs/api.md#audit-log): its claim and
 * removal, its settings, and the states the administrator's verification gave its claims. Each
 * entry is in the team of the claim, labelled with the domain.
 */
import { type AuditRecord, fieldChanges, withheld } from '../audit/auditLog';
import { type Scope, teamIdOf } from '../auth/scope';
import type { AuditChanges } from '../contract/audit';
import { DOCUMENT_FIELDS } from '../contract/domainSettings';
import type { DomainStateChange } from '../storage/repositories/domainRepository';
import { DOMAIN_SETTING_NAMES, type DomainSettings } from '../storage/repositories/domainSettingsRepository';

const domainTarget = (domain: string) => ({ type: 'domain', id: null, label: domain });

/** `domain.claimed` or `domain.removed` in `teamId`'s log: the domain before and after. */
export function domainEntry(
  teamId: number | null,
  action: string,
  before: string | undefined,
  after: string | undefined,
): AuditRecord {
  return {
    teamId,
    action,
    target: domainTarget(after ?? before ?? ''),
    changes: { domain: [before ?? null, after ?? null] },
  };
}

/** The settings after `changes` (a field left out keeps its value; null removes it). */
export function settingsAfter(before: DomainSettings, changes: Partial<DomainSettings>): DomainSettings {
  const after = { ...before };
  for (const name of DOMAIN_SETTING_NAMES) {
    const value = changes[name];
    if (value !== undefined) after[name] = value;
  }
  return after;
}

/**
 * `domain.updated`: each setting that changed, a `.well-known` document (up to 60 KB) withheld as
 * "(changed)"; undefined when none did.
 */
export function settingsEntry(
  scope: Scope,
  domain: string,
  before: DomainSettings,
  after: DomainSettings,
): AuditRecord | undefined {
  const changes = fieldChanges(before, after, DOMAIN_SETTING_NAMES);
  if (Object.keys(changes).length === 0) return undefined;
  for (const name of DOCUMENT_FIELDS) {
    const pair = changes[name];
    if (pair) changes[name] = [withheld(pair[0]), withheld(pair[1])];
  }
  return { teamId: teamIdOf(scope), action: 'domain.updated', target: domainTarget(domain), changes };
}

/** `domain.status_changed`: each claim whose status a check changed (and its error, when that changed too). */
export function stateEntries(domain: string, states: readonly DomainStateChange[]): AuditRecord[] {
  return states.flatMap((state) => {
    if (state.status[0] === state.status[1]) return [];
    const changes: AuditChanges = { status: state.status };
    if (state.error[0] !== state.error[1]) changes.error = state.error;
    return [{ teamId: state.team_id, action: 'domain.status_changed', target: domainTarget(domain), changes }];
  });
}
