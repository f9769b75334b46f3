/** 'Your Links' (product spec §2): one row per link with badges, counts and actions. */
import type { Link } from '../../../../redirector/contract';
import { Badge } from '../../components/Badge';
import { IconButton, IconLink } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { formatDate } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { type LinkHost, shortLinkText, shortLinkUrl } from './shortUrl';

export interface LinksTableProps {
  links: Link[];
  host: LinkHost;
  onAnalytics: (link: Link) => void;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
}

/** TikTok, Geo and IG Exit badges; a dash (or nothing) when no option is on. */
export function FeatureBadges({ link, emptyDash = true }: { link: Link; emptyDash?: boolean }) {
  const any = link.enable_tiktok_bypass || link.enable_country_redirect || link.enable_instagram_exit;
  if (!any) return emptyDash ? <span className="subtle">—</span> : null;
  return (
    <span className="badge-list">
      {link.enable_tiktok_bypass ? <Badge tone="pink">TikTok</Badge> : null}
      {link.enable_country_redirect ? <Badge tone="info">Geo</Badge> : null}
      {link.enable_instagram_exit ? <Badge tone="warning">IG Exit</Badge> : null}
    </span>
  );
}

export function LinksTable({ links, host, onAnalytics, onEdit, onDelete }: LinksTableProps) {
  return (
    <div className="table-wrap">
      <table className="table table--stack links-table">
        <thead>
          <tr>
            <th scope="col">Link</th>
            <th scope="col">Target URL</th>
            <th scope="col">Features</th>
            <th scope="col">Analytics</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => {
            const text = shortLinkText(host, link.short_code);
            const url = shortLinkUrl(host, link.short_code);
            return (
              <tr key={link.id} data-link-id={link.id}>
                <td data-label="Link" className="links-table__link">
                  <div className="cell-title">{link.title || <span className="subtle">Untitled</span>}</div>
                  <div className="mono text-sm links-table__short">{text}</div>
                </td>
                <td data-label="Target URL" className="links-table__target">
                  <a
                    href={link.target_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="truncate"
                    title={link.target_url}
                  >
                    {link.target_url}
                  </a>
                </td>
                <td data-label="Features">
                  <FeatureBadges link={link} />
                </td>
                <td data-label="Analytics" className="links-table__counts">
                  <div className="cell-title">{formatNumber(link.total_clicks)} clicks</div>
                  <div className="cell-sub">{formatNumber(link.unique_visitors)} unique</div>
                  {link.enable_country_redirect && link.blocked_visitors > 0 ? (
                    <div className="cell-sub links-table__blocked">{formatNumber(link.blocked_visitors)} blocked</div>
                  ) : null}
                </td>
                <td data-label="Created" className="links-table__created">
                  {formatDate(link.created_at)}
                </td>
                <td className="links-table__actions">
                  <div className="btn-group">
                    <CopyButton text={url} label="Copy link" />
                    <IconLink href={url} icon="external" label="Open in new tab" />
                    <IconButton icon="chart" label="View analytics" onClick={() => onAnalytics(link)} />
                    <IconButton icon="edit" label="Edit" onClick={() => onEdit(link)} />
                    <IconButton icon="trash" label="Delete" tone="danger" onClick={() => onDelete(link)} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
