/** One webhook's delivery log: its last 100 attempts, newest first, read when opened. */
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '../../../../redirector/contract/webhooks';
import { errorMessage } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import type { WebhookCalls } from '../../api/webhooks';
import { Badge } from '../../components/Badge';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingState } from '../../components/Spinner';
import { formatDateTime } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { localiseMessage } from '../../i18n/messages';

export interface WebhookDeliveriesProps {
  calls: WebhookCalls;
  id: number;
  /** Where the webhook sends: names the log's scrolling box, which the keyboard can then reach. */
  url: string;
  version: number;
}

export function WebhookDeliveries({ calls, id, url, version }: WebhookDeliveriesProps) {
  const { t } = useTranslation();
  const log = useLoad((signal) => calls.deliveries(id, signal), [calls, id, version]);
  if (log.error) {
    return (
      <ErrorPanel
        title={t('webhooks.deliveriesFailed')}
        message={errorMessage(log.error, t('webhooks.deliveriesFailed'))}
        onRetry={log.reload}
      />
    );
  }
  if (!log.data) return <LoadingState message={t('webhooks.loading')} />;
  if (log.data.length === 0) return <p className="muted text-sm">{t('webhooks.deliveriesEmpty')}</p>;
  const deliveryColumns: DataColumn<WebhookDelivery>[] = [
    { label: t('webhooks.columns.at'), nowrap: true, cell: (row) => formatDateTime(row.at) },
    { label: t('webhooks.columns.event'), className: 'mono', cell: (row) => row.type },
    { label: t('webhooks.columns.attempt'), cell: (row) => formatNumber(row.attempt) },
    {
      label: t('webhooks.columns.status'),
      cell: (row) =>
        row.error === null ? (
          <Badge tone="success">{row.status}</Badge>
        ) : (
          <Badge tone="danger">{row.status ?? localiseMessage(row.error)}</Badge>
        ),
    },
    {
      label: t('webhooks.columns.duration'),
      nowrap: true,
      cell: (row) => t('webhooks.durationMs', { ms: formatNumber(row.duration_ms) }),
    },
    { label: t('webhooks.columns.message'), className: 'mono', cell: (row) => row.message_id },
  ];
  return (
    <DataTable
      columns={deliveryColumns}
      rows={log.data}
      rowKey={(row) => row.id}
      rowTestId={(row) => `webhook-delivery-${row.id}`}
      pairs={false}
      label={t('a11y.webhookDeliveries', { url })}
    />
  );
}
