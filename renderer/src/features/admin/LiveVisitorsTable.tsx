import type { LiveVisitor } from '../../../../redirector/contract';
import { formatDuration, formatTimeAgo } from '../../format/dates';
import { deviceLabel } from '../analytics/deviceLabel';

const withVersion = (name: string | null, version: string | null) =>
  name ? `${name}${version ? ` ${version}` : ''}` : null;

/** Live Visitors' table (spec §2): visitor, link, device & browser, source, duration and time ago. */
export function LiveVisitorsTable({ visitors, now }: { visitors: LiveVisitor[]; now?: number }) {
  return (
    <div className="table-wrap">
      <table className="table table--stack table--pairs">
        <thead>
          <tr>
            <th scope="col">Visitor</th>
            <th scope="col">Link</th>
            <th scope="col">Device &amp; Browser</th>
            <th scope="col">Source</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {visitors.map((visitor) => (
            <tr key={visitor.ip} data-testid="live-visitor">
              <td data-label="Visitor">
                <div className="row" style={{ gap: 8, flexWrap: 'nowrap' }}>
                  <span className="flag" aria-hidden="true">
                    {visitor.flag}
                  </span>
                  <div style={{ minWidth: 0 }}>
                    <div className="cell-title truncate">
                      {visitor.city ? `${visitor.city}, ${visitor.countryName}` : visitor.countryName}
                    </div>
                    <div className="cell-sub mono">{visitor.ip}</div>
                  </div>
                </div>
              </td>
              <td data-label="Link">
                <div className="truncate">{visitor.link.title || 'Untitled'}</div>
                <div className="cell-sub mono">/{visitor.link.short_code}</div>
              </td>
              <td data-label="Device & Browser">
                <div>
                  {deviceLabel(visitor.device_type)}
                  {visitor.device_info ? ` · ${visitor.device_info}` : ''}
                </div>
                <div className="cell-sub">
                  {[withVersion(visitor.browser, visitor.browser_version), withVersion(visitor.os, visitor.os_version)]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </div>
              </td>
              <td data-label="Source">{visitor.referrer || 'Direct'}</td>
              <td data-label="Duration" style={{ whiteSpace: 'nowrap' }}>
                <div className="cell-title" data-testid="live-duration">
                  {formatDuration(visitor.durationSeconds)}
                </div>
                <div className="cell-sub">{formatTimeAgo(visitor.lastSeen, now)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
