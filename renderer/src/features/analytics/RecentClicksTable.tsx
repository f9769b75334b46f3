import { useState } from 'react';
import type { Click } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { countryFlag, countryName } from '../../format/countries';
import { formatDateTime } from '../../format/dates';
import { deviceLabel } from './deviceLabel';

const FIRST_ROWS = 20;

export function clickLocation(click: Pick<Click, 'city' | 'country'>): string {
  const country = countryName(click.country);
  return click.city ? `${click.city}, ${country}` : country;
}

/** Recent Clicks (spec §2): Time, IP Address, Location, Device, Browser. */
export function RecentClicksTable({ clicks }: { clicks: Click[] }) {
  const [showAll, setShowAll] = useState(false);
  if (clicks.length === 0) return <div className="chart-empty">No clicks yet</div>;
  const rows = showAll ? clicks : clicks.slice(0, FIRST_ROWS);
  return (
    <>
      <div className="table-wrap">
        <table className="table table--stack table--pairs">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">IP Address</th>
              <th scope="col">Location</th>
              <th scope="col">Device</th>
              <th scope="col">Browser</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((click) => (
              <tr key={click.id}>
                <td data-label="Time" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(click.created_at, 'en-US')}
                </td>
                <td data-label="IP Address" className="mono">
                  {click.ip_address}
                </td>
                <td data-label="Location">
                  <span className="flag" aria-hidden="true">
                    {countryFlag(click.country)}
                  </span>{' '}
                  {clickLocation(click)}
                </td>
                <td data-label="Device">
                  {deviceLabel(click.device_type)}
                  {click.device_info ? <span className="cell-sub"> · {click.device_info}</span> : null}
                </td>
                <td data-label="Browser">
                  {click.browser ? `${click.browser}${click.browser_version ? ` ${click.browser_version}` : ''}` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
