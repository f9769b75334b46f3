import { useTranslation } from 'react-i18next';
import type { LiveVisitor } from '../../../../redirector/contract';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Flag } from '../../components/Flag';
import { countryName } from '../../format/countries';
import { formatDuration, formatTimeAgo } from '../../format/dates';
import { i18next } from '../../i18n';
import { referrerLabel } from './analyticsFormat';
import { deviceLabel } from './deviceLabel';

const withVersion = (name: string | null, version: string | null) =>
  name ? `${name}${version ? ` ${version}` : ''}` : null;

function columns(now: number | undefined): DataColumn<LiveVisitor>[] {
  return [
    {
      label: i18next.t('analytics.columns.visitor'),
      cell: (visitor) => (
        <div className="row" style={{ gap: 8, flexWrap: 'nowrap' }}>
          <Flag code={visitor.country} />
          <div style={{ minWidth: 0 }}>
            <div className="cell-title truncate">
              {visitor.city ? `${visitor.city}, ${countryName(visitor.country)}` : countryName(visitor.country)}
            </div>
            <div className="cell-sub mono">{visitor.ip}</div>
          </div>
        </div>
      ),
    },
    {
      label: i18next.t('analytics.columns.link'),
      cell: (visitor) => (
        <>
          <div className="truncate">{visitor.link.title || i18next.t('analytics.untitled')}</div>
          <div className="cell-sub mono">/{visitor.link.short_code}</div>
        </>
      ),
    },
    {
      label: i18next.t('analytics.columns.deviceBrowser'),
      cell: (visitor) => (
        <>
          <div>
            {deviceLabel(visitor.device_type)}
            {visitor.device_info ? ` · ${visitor.device_info}` : ''}
          </div>
          <div className="cell-sub">
            {[withVersion(visitor.browser, visitor.browser_version), withVersion(visitor.os, visitor.os_version)]
              .filter(Boolean)
              .join(' · ') || '—'}
          </div>
        </>
      ),
    },
    {
      label: i18next.t('analytics.columns.source'),
      cell: (visitor) => referrerLabel(visitor.referrer),
    },
    {
      label: i18next.t('analytics.columns.duration'),
      nowrap: true,
      cell: (visitor) => (
        <>
          <div className="cell-title" data-testid="live-duration">
            {formatDuration(visitor.durationSeconds)}
          </div>
          <div className="cell-sub">{formatTimeAgo(visitor.lastSeen, now)}</div>
        </>
      ),
    },
  ];
}

/** Live Visitors' table (docs/api.md#pages): visitor, link, device & browser, source, duration and time ago. */
export function LiveVisitorsTable({ visitors, now }: { visitors: LiveVisitor[]; now?: number }) {
  const { t } = useTranslation();
  return (
    <DataTable
      columns={columns(now)}
      rows={visitors}
      rowKey={(visitor) => visitor.ip}
      rowTestId="live-visitor"
      label={t('analytics.livePage.tableLabel')}
    />
  );
}
