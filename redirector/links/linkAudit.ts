/**
 * A link change as the audit log records it (docs/api.md#audit-log): `link.created`,
 * `link.updated` (the fields that changed, the password only as "(changed)"), `link.deleted`.
 * Each builder answers the repository's after-write hook, so the entry is written in the change's
 * transaction.
 */
import { recordAudit } from '../audit/auditLog';
import type { Scope } from '../auth/scope';
import type { AuditChanges, AuditTarget } from '../contract/audit';
import { LINK_OPTION_NAMES } from '../contract/linkFields';
import type { AfterWrite } from '../storage/executor';
import type { LinkRecord } from '../storage/records';
import type { InsertOutcome } from '../storage/store';

/** The fields an entry shows, besides the tags and the password. */
const AUDITED_FIELDS = ['title', 'target_url', 'short_code', 'domain', ...LINK_OPTION_NAMES] as const;
type AuditedLink = Pick<LinkRecord, (typeof AUDITED_FIELDS)[number] | 'password_hash'> & { tags?: readonly string[] };

const targetOf = (link: Pick<LinkRecord, 'id' | 'short_code' | 'domain'>): AuditTarget => ({
  type: 'link',
  id: String(link.id),
  label: link.domain ? `${link.domain}/${link.short_code}` : link.short_code,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** An option left at its default: a new or deleted link's entry leaves it out. */
const empty = (value: unknown) =>
  value === null || value === false || value === '' || (typeof value === 'object' && Object.keys(value).length === 0);

/** What differs from `before` (undefined: a new link) to `after` (undefined: a deleted one). */
export function linkChanges(before: AuditedLink | undefined, after: AuditedLink | undefined): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of AUDITED_FIELDS) {
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (same(was, now) || ((before === undefined || after === undefined) && empty(was) && empty(now))) continue;
    changes[field] = [was, now];
  }
  const tagsBefore = before?.tags ?? [];
  const tagsAfter = after?.tags ?? tagsBefore;
  if (!same(tagsBefore, tagsAfter)) changes.tags = [[...tagsBefore], [...tagsAfter]];
  if ((before?.password_hash ?? null) !== (after?.password_hash ?? null)) changes.password = ['', ''];
  return changes;
}

/** The entries of links just inserted (a create, a CSV import's rows), in the insert's transaction. */
export function auditCreated(
  scope: Scope,
  at: number,
  tagsOf: (index: number) => readonly string[],
): AfterWrite<readonly InsertOutcome[]> {
  return (tx, outcomes) =>
    recordAudit(
      tx,
      scope,
      outcomes.flatMap((row, index) =>
        row === 'taken'
          ? []
          : [
              {
                teamId: row.team_id,
                action: 'link.created',
                target: targetOf(row),
                changes: linkChanges(undefined, { ...row, tags: tagsOf(index) }),
              },
            ],
      ),
      at,
    );
}

/** The entry of an update, from the link as it was to the stored row (with its new tags, when given). */
export function auditUpdated(
  scope: Scope,
  at: number,
  before: LinkRecord & { tags: readonly string[] },
  tags: readonly string[] | undefined,
): AfterWrite<LinkRecord> {
  return (tx, row) =>
    recordAudit(
      tx,
      scope,
      {
        teamId: row.team_id,
        action: 'link.updated',
        target: targetOf(row),
        changes: linkChanges(before, { ...row, tags: tags ?? before.tags }),
      },
      at,
    );
}

/** The entry of a deletion: what the link was. */
export function auditDeleted(
  scope: Scope,
  at: number,
  link: LinkRecord & { tags: readonly string[] },
): AfterWrite<number> {
  const changes = linkChanges(link, undefined);
  delete changes.password;
  return (tx) =>
    recordAudit(tx, scope, { teamId: link.team_id, action: 'link.deleted', target: targetOf(link), changes }, at);
}

/** A link moved to another team, as both teams' entries show it: `link.moved`, its team and domain before and after. */
export interface MovedLink {
  before: Pick<LinkRecord, 'team_id' | 'domain'>;
  after: LinkRecord;
}

/** The entries of links moved to another team: one in the team each left and one in the team it joined. */
export function auditMoved(scope: Scope, at: number, moved: readonly MovedLink[]): AfterWrite<unknown> {
  return (tx) =>
    recordAudit(
      tx,
      scope,
      moved.flatMap(({ before, after }) => {
        const changes: AuditChanges = { team_id: [before.team_id, after.team_id] };
        if (before.domain !== after.domain) changes.domain = [before.domain, after.domain];
        const entry = { action: 'link.moved', target: targetOf(after), changes };
        return [
          { teamId: before.team_id, ...entry },
          { teamId: after.team_id, ...entry },
        ];
      }),
      at,
    );
}
