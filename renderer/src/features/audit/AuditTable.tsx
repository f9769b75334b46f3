/**
 * One page of the audit log (docs/api.md#audit-log), newest first as the server sends it: when, who,
 * what action, on what, and each changed field as before → after.
 */
import { useTranslation } from 'react-i18next';
import type { AuditActor, AuditChanges, AuditEntry } from '../../../../redirector/contract/audit';
import { DataTable } from '../../components/DataTable';
import { formatDateTime } from '../../format/dates';

/** A value of `changes` as a person reads it: nothing as an em dash, text as it is, the rest as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function ActorCell({ actor }: { actor: AuditActor }) {
  const { t } = useTranslation();
  return (
    <span>
      {actor.name || t(`audit.actorTypes.${actor.type}`)}
      <span className="subtle text-sm"> · {t(`audit.actorTypes.${actor.type}`)}</span>
    </span>
  );
}

function ChangesCell({ changes }: { changes: AuditChanges }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="subtle">—</span>;
  return (
    <ul className="audit__changes">
      {fields.map(([field, [before, after]]) => (
        <li key={field}>
          <span className="mono">{field}</span>: {auditValue(before)} → {auditValue(after)}
        </li>
      ))}
    </ul>
  );
}

export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  // A kind of target a newer server may add shows as it comes.
  const targetType = (type: string) => t(`audit.targetTypes.${type}`, { defaultValue: type });
  return (
    <DataTable
      label={t('audit.tableLabel')}
      rows={entries}
      rowKey={(entry) => entry.id}
      rowTestId={(entry) => `audit-row-${entry.id}`}
      columns={[
        { label: t('audit.columns.at'), nowrap: true, cell: (entry) => formatDateTime(entry.at) },
        { label: t('audit.columns.actor'), cell: (entry) => <ActorCell actor={entry.actor} /> },
        { label: t('audit.columns.action'), cell: (entry) => <span className="mono">{entry.action}</span> },
        {
          label: t('audit.columns.target'),
          cell: (entry) => (
            <span>
              {entry.target.label}
              <span className="subtle text-sm"> · {targetType(entry.target.type)}</span>
            </span>
          ),
        },
        { label: t('audit.columns.changes'), cell: (entry) => <ChangesCell changes={entry.changes} /> },
      ]}
    />
  );
}
