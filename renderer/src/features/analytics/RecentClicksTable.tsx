import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Click } from '../../../../redirector/contract';
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

const columns = (): DataColumn<Click>[] => [
  { label: i18next.t('analytics.columns.time'), nowrap: true, cell: (click) => formatDateTime(click.created_at) },
  { label: i18next.t('analytics.columns.ip'), className: 'mono', cell: (click) => click.ip_address },
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

/** Recent Clicks (docs/api.md#pages): Time, IP Address, Location, Device, Browser. */
export function RecentClicksTable({ clicks }: { clicks: Click[] }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  if (clicks.length === 0) return <div className="chart-empty">{t('analytics.noClicks')}</div>;
  const rows = showAll ? clicks : clicks.slice(0, FIRST_ROWS);
  return (
    <>
      <DataTable columns={columns()} rows={rows} rowKey={(click) => click.id} />
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
