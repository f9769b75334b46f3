/** The claimed custom domains: whose, their state, when checked and verified, their links, and what can be done. */
import type { AdminDomain } from '../../../../redirector/contract';
import { actionsColumn } from '../../components/actionsColumn';
import { Button } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { DomainStatusBadge } from '../../components/DomainStatusBadge';
import { formatDate, formatDateTime } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { domainsTexts, statusLabel } from './domainsTexts';

export interface DomainsTableProps {
  domains: AdminDomain[];
  /** The domain whose verification is on its way. */
  busy: string | null;
  onVerify: (domain: AdminDomain) => void;
  onRemove: (domain: AdminDomain) => void;
}

/** The day, with the whole time on hover, so the actions fit beside it at 1,280 px. */
const time = (value: string | null) =>
  value ? (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatDate(value)}
    </time>
  ) : (
    '—'
  );

export function DomainsTable({ domains, busy, onVerify, onRemove }: DomainsTableProps) {
  const TEXTS = domainsTexts();
  const { columns } = TEXTS;
  const domainColumns: DataColumn<AdminDomain>[] = [
    { label: columns.domain, className: 'mono', cell: (row) => row.domain },
    // A shared team's claim has no user: its team's name (docs/api.md#domains-and-hubs-of-a-team).
    { label: columns.user, cell: (row) => row.user_email ?? row.team_name },
    {
      label: columns.status,
      cell: (row) => <DomainStatusBadge status={row.status} label={statusLabel(row.status)} />,
    },
    { label: columns.checked, nowrap: true, cell: (row) => time(row.checked_at) },
    { label: columns.verified, nowrap: true, cell: (row) => time(row.verified_at) },
    { label: columns.links, numeric: true, cell: (row) => formatNumber(row.links) },
    actionsColumn({
      label: columns.actions,
      deleteLabel: (row) => TEXTS.deleteName(row.domain),
      onDelete: onRemove,
      buttons: (row) =>
        row.status === 'verified' ? null : (
          <Button
            size="sm"
            icon="checkCircle"
            loading={busy === row.domain}
            onClick={() => onVerify(row)}
            aria-label={TEXTS.verifyName(row.domain)}
          >
            {TEXTS.verify}
          </Button>
        ),
    }),
  ];
  return (
    <DataTable
      columns={domainColumns}
      rows={domains}
      rowKey={(row) => `${row.domain} ${row.team_id}`}
      rowTestId={(row) => `domain-row-${row.domain}`}
      pairs={false}
    />
  );
}
