/**
 * An API key's changes as the audit log keeps them (docs/api.md#audit-log): made and deleted, by its
 * maker or the administrator, or with its maker's membership (docs/api.md#api-keys-of-a-team).
 */
import type { GoneKey } from '../storage/repositories/memberKeys';
import { type AuditRecord, fieldChanges } from './auditLog';

/** A key's change as the audit log keeps it (docs/api.md#audit-log): its name and scope, never its secret. */
export function keyEntry(row: GoneKey, action: string): AuditRecord {
  const made = action === 'key.created';
  const fields = { name: row.name, scope: row.scope, domains: row.domains ?? null };
  return {
    teamId: row.team_id,
    action,
    target: { type: 'key', id: String(row.id), label: row.name },
    changes: made
      ? fieldChanges(undefined, fields, ['name', 'scope'])
      : fieldChanges(fields, undefined, ['name', 'scope']),
  };
}

/** A membership's entry with a `key.deleted` entry for each key of the member that went with it. */
export function withGoneKeys(entry: AuditRecord, keys: readonly GoneKey[]): AuditRecord[] {
  return [entry, ...keys.map((key) => keyEntry(key, 'key.deleted'))];
}
