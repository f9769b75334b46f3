/**
 * The audit writer (docs/api.md#audit-log): the one module every change calls to record itself.
 * Give it the handle of the transaction that makes the change (a repository's `afterWrite` hook
 * hands it over), the scope that acted and what changed; the entry is then stored exactly when the
 * change is. Secrets (passwords, tokens, keys, webhook secrets) never reach it as values: a field
 * named like one shows only as "(changed)".
 *
 *   await recordAudit(tx, scope, { teamId, action: 'link.updated', target, changes }, clock());
 */
import type { Scope } from '../auth/scope';
import { type AuditActor, type AuditChanges, type AuditTarget, SECRET_CHANGED } from '../contract/audit';
import type { Executor } from '../storage/executor';
import { insertAuditEntries } from '../storage/repositories/auditLog';

/** One change to record. */
export interface AuditRecord {
  /** The team the changed thing belongs to; null: the administrator's own, or a team that is gone. */
  teamId: number | null;
  /** `<target>.<verb>`: `link.created`, `member.role_changed`. */
  action: string;
  target: AuditTarget;
  changes?: AuditChanges;
}

/** Fields whose values never appear in an entry. */
const SECRET_FIELD = /password|secret|token|key_hash|^key$|api_key/i;

/** The administrator as an entry names it. */
export const ADMIN_ACTOR: AuditActor = { type: 'admin', id: null, name: 'admin' };

/**
 * A value too large to keep in an entry (a hub's image, a domain's `.well-known` document of up to
 * 60 KB): "(changed)" where there is one, null where there is none, so an entry still tells a value
 * set, replaced or removed apart (docs/api.md#audit-log).
 */
export function withheld(value: unknown): typeof SECRET_CHANGED | null {
  return value === null || value === undefined ? null : SECRET_CHANGED;
}

/** The audit log's name for who acts: a key by its own id and name, the CLI and the service as `cli`. */
export function auditActorOf(scope: Scope): AuditActor {
  const { actor } = scope;
  if (actor.type === 'key' && actor.key) return { type: 'key', id: actor.key.id, name: actor.key.name };
  if (actor.type === 'admin') return ADMIN_ACTOR;
  if (actor.type === 'cli') return { type: 'cli', id: null, name: actor.name };
  return { type: actor.type, id: actor.id, name: actor.name };
}

/** `changes` with every secret field's values replaced by "(changed)". */
export function withoutSecrets(changes: AuditChanges): AuditChanges {
  const safe: AuditChanges = {};
  for (const [field, pair] of Object.entries(changes)) {
    safe[field] = SECRET_FIELD.test(field) ? [SECRET_CHANGED, SECRET_CHANGED] : pair;
  }
  return safe;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `fields` whose value differs between `before` and `after`, as [before, after]. */
export function fieldChanges<T extends object>(
  before: Partial<T> | undefined,
  after: Partial<T> | undefined,
  fields: readonly (keyof T & string)[],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (!same(was, now)) changes[field] = [was, now];
  }
  return changes;
}

/**
 * Writes the entries with `tx`, the transaction of the change they record. `by`: the call's scope,
 * or an actor of its own (an administrator's sign-in, single sign-on).
 */
export async function recordAudit(
  tx: Executor,
  by: Scope | AuditActor,
  records: AuditRecord | readonly AuditRecord[],
  at: number = Date.now(),
): Promise<void> {
  const actor = 'owner' in by ? auditActorOf(by) : by;
  const list: readonly AuditRecord[] = Array.isArray(records) ? records : [records as AuditRecord];
  if (list.length === 0) return;
  await insertAuditEntries(
    tx,
    list.map((record) => ({
      at,
      team_id: record.teamId,
      actor,
      action: record.action,
      target: record.target,
      changes: withoutSecrets(record.changes ?? {}),
    })),
  );
}

/**
 * recordAudit for an update that may change nothing (the same name, the same page, the same
 * settings sent again): such a call writes no entry (docs/api.md#audit-log).
 */
export async function recordChange(
  tx: Executor,
  by: Scope | AuditActor,
  record: AuditRecord,
  at?: number,
): Promise<void> {
  if (Object.keys(record.changes ?? {}).length === 0) return;
  await recordAudit(tx, by, record, at);
}
