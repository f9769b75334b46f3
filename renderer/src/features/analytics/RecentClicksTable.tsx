import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Click, OwnerClick } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Flag } from '../../components/Flag';
import { countryName } from '../../format/countries';
import { formatDateTime } from '../../format/dates';
import { i18next } from '../../i18n';
import { deviceLabel } from './deviceLabel';

const FIRST_ROWS = 20;

export function clickLocation(click: Pick<Click, 'city' | 'country'>): string {
  const country = countryName(click.country);
  return click.city ? `${click.city}, ${country}` : country;
}

/** The IP Address column: the administrator's clicks carry the address, the owner's do not (docs/api.md#analytics). */
const addressColumn = (): DataColumn<OwnerClick> => ({
  label: i18next.t('analytics.columns.ip'),
  className: 'mono',
  cell: (click) => ('ip_address' in click ? (click as Click).ip_address : ''),
});

const columns = (withAddresses: boolean): DataColumn<OwnerClick>[] => [
  { label: i18next.t('analytics.columns.time'), nowrap: true, cell: (click) => formatDateTime(click.created_at) },
  ...(withAddresses ? [addressColumn()] : []),
  {
    label: i18next.t('analytics.columns.location'),
    cell: (click) => (
      <>
        <Flag code={click.country} /> {clickLocation(click)}
      </>
    ),
  },
  {
    label: i18next.t('analytics.columns.device'),
    cell: (click) => (
      <>
        {deviceLabel(click.device_type)}
        {click.device_info ? <span className="cell-sub"> · {click.device_info}</span> : null}
      </>
    ),
  },
  {
    label: i18next.t('analytics.columns.browser'),
    cell: (click) =>
      click.browser ? `${click.browser}${click.browser_version ? ` ${click.browser_version}` : ''}` : '—',
  },
];

/**
 * Recent Clicks (docs/api.md#pages): Time, IP Address, Location, Device, Browser; the owner's
 * clicks, which carry no address, without the IP Address column.
 */
export function RecentClicksTable({ clicks }: { clicks: Click[] | OwnerClick[] }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  if (clicks.length === 0) return <div className="chart-empty">{t('analytics.noClicks')}</div>;
  const rows: OwnerClick[] = showAll ? clicks : clicks.slice(0, FIRST_ROWS);
  const withAddresses = clicks.some((click) => 'ip_address' in click);
  return (
    <>
      <DataTable columns={columns(withAddresses)} rows={rows} rowKey={(click) => click.id} />
      {clicks.length > FIRST_ROWS ? (
        <div className="row row--end" style={{ padding: '0.75rem 1.5rem' }}>
          <Button size="sm" variant="ghost" onClick={() => setShowAll(!showAll)}>
            {showAll ? t('analytics.showLess') : t('analytics.showAll', { count: clicks.length })}
          </Button>
        </div>
      ) : null}
    </>
  );
}
