/** The audit log in the OpenAPI description (docs/api.md#audit-log). */
import {
  AUDIT_ACTOR_TYPES,
  type AuditActor,
  type AuditEntry,
  type AuditPage,
  type AuditTarget,
} from '../../contract/audit';
import { range, tz } from './analyticsPaths';
import { apiCall, pageParameters, query } from './operations';
import { arrayOf, closedObject, dateTime, id, integer, nullable, ref, type Schema, text } from './schema';

const filters: Schema[] = [
  query(
    'team',
    { type: 'string', pattern: '^[A-Za-z0-9-]{1,40}$' },
    'The team (id or slug); the administrator without it reads every team',
  ),
  query(
    'actor',
    { type: 'string', pattern: '^([1-9][0-9]{0,14}|key:[1-9][0-9]{0,14}|admin)$' },
    'A user id, key:<id> or admin',
  ),
  query(
    'action',
    { type: 'string', pattern: '^[a-z_]{1,40}(\\.[a-z_]{1,40})?$' },
    'An action (link.created) or a target (link)',
  ),
  tz,
  ...range,
];

export const auditComponentSchemas: Record<string, Schema> = {
  AuditEntry: closedObject<AuditEntry>({
    id,
    at: dateTime,
    team_id: nullable(id),
    actor: closedObject<AuditActor>({
      type: { enum: [...AUDIT_ACTOR_TYPES] },
      id: nullable(integer('A user id, or a key id for type key')),
      name: text(),
    }),
    action: text('<target>.<verb>: link.created, member.role_changed'),
    target: closedObject<AuditTarget>({ type: text(), id: nullable(text()), label: text() }),
    changes: {
      type: 'object',
      description: 'Each changed field: [before, after]; a secret shows only as "(changed)"',
      additionalProperties: { type: 'array', minItems: 2, maxItems: 2 },
    },
  }),
  AuditPage: closedObject<AuditPage>({
    entries: arrayOf(ref('AuditEntry'), 'Newest first'),
    total: integer(),
    page: integer(),
    per_page: integer(),
  }),
};

/** A read of the audit log with `filters` (and `more` parameters): 403 not an owner, 404 no such team. */
const auditRead = (summary: string, answer: Schema, more: Schema[] = []) =>
  apiCall({
    summary,
    access: 'either',
    parameters: [...filters, ...more],
    answers: { 200: answer },
    errors: [403, 404],
  });

export const auditPaths: Record<string, Schema> = {
  '/api/audit': {
    get: auditRead("A team's audit log (owners; the administrator: every team's)", ref('AuditPage'), pageParameters()),
  },
  '/api/audit/export': {
    get: auditRead('The audit log as CSV, with the same filters', {
      description: 'Newest first, a header row; formula-like cells start with a quote',
      headers: { 'Content-Disposition': { schema: { const: 'attachment; filename="audit.csv"' } } },
      content: { 'text/csv': { schema: { type: 'string' } } },
    }),
  },
};
