import { useState } from 'react';
import type { Click } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { Flag } from '../../components/Flag';
import { countryName } from '../../format/countries';
import { formatDateTime } from '../../format/dates';
import { deviceLabel } from './deviceLabel';

const FIRST_ROWS = 20;

export function clickLocation(click: Pick<Click, 'city' | 'country'>): string {
  const country = countryName(click.country);
  return click.city ? `${click.city}, ${country}` : country;
}

const COLUMNS: DataColumn<Click>[] = [
  { label: 'Time', nowrap: true, cell: (click) => formatDateTime(click.created_at, 'en-US') },
  { label: 'IP Address', className: 'mono', cell: (click) => click.ip_address },
  {
    label: 'Location',
    cell: (click) => (
      <>
        <Flag code={click.country} /> {clickLocation(click)}
      </>
    ),
  },
  {
    label: 'Device',
    cell: (click) => (
      <>
        {deviceLabel(click.device_type)}
        {click.device_info ? <span className="cell-sub"> · {click.device_info}</span> : null}
      </>
    ),
  },
  {
    label: 'Browser',
    cell: (click) =>
      click.browser ? `${click.browser}${click.browser_version ? ` ${click.browser_version}` : ''}` : '—',
  },
];

/** Recent Clicks (docs/api.md#pages): Time, IP Address, Location, Device, Browser. */
export function RecentClicksTable({ clicks }: { clicks: Click[] }) {
  const [showAll, setShowAll] = useState(false);
  if (clicks.length === 0) return <div className="chart-empty">No clicks yet</div>;
  const rows = showAll ? clicks : clicks.slice(0, FIRST_ROWS);
  return (
    <>
      <DataTable columns={COLUMNS} rows={rows} rowKey={(click) => click.id} />
      {clicks.length > FIRST_ROWS ? (
        <div className="row row--end" style={{ padding: '0.75rem 1.5rem' }}>
          <Button size="sm" variant="ghost" onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show Less' : `Show All (${clicks.length})`}
          </Button>
        </div>
      ) : null}
    </>
  );
}
