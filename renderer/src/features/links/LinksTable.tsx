/**
 * The one link table (docs/api.md#pages, "Your Links", "Admin links list"): a row per link with its
 * row actions. The user's dashboard and the admin list each show their own set of columns.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { Link } from '../../../../redirector/contract';
import { Badge } from '../../components/Badge';
import { cx } from '../../components/cx';
import { FeatureBadges } from '../../components/FeatureBadges';
import { formatDate } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { shortUrlText } from '../../format/shortUrl';
import { LinkRowActions, type LinkRowActionsProps } from './LinkRowActions';
import { TagList } from './TagList';

interface RowContext {
  onTag?: (tag: string) => void;
}

interface Column {
  header: string;
  className?: string;
  style?: CSSProperties;
  cell: (link: Link, row: RowContext) => ReactNode;
}

const untitled = <span className="subtle">Untitled</span>;

/** A broken link's mark and its reason (docs/api.md#link-health); nothing for any other. */
function BrokenNote({ link }: { link: Link }) {
  const health = link.health;
  if (health?.status !== 'broken') return null;
  const where = health.url && health.url !== link.target_url ? ` · ${health.url}` : '';
  return (
    <div className="cell-sub links-table__broken" data-testid="link-broken" title={health.url ?? undefined}>
      <Badge tone="danger">Broken</Badge> {health.error ?? 'Unreachable'}
      {where}
    </div>
  );
}

const USER_COLUMNS: Column[] = [
  {
    header: 'Link',
    className: 'links-table__link',
    cell: (link, { onTag }) => (
      <>
        <div className="cell-title">{link.title || untitled}</div>
        <div className="mono text-sm links-table__short">{shortUrlText(link.short_url)}</div>
        <TagList tags={link.tags ?? []} onSelect={onTag} />
      </>
    ),
  },
  {
    header: 'Target URL',
    className: 'links-table__target',
    cell: (link) => (
      <>
        <a
          href={link.target_url}
          target="_blank"
          rel="noopener noreferrer"
          className="truncate"
          title={link.target_url}
        >
          {link.target_url}
        </a>
        <BrokenNote link={link} />
      </>
    ),
  },
  { header: 'Features', cell: (link) => <FeatureBadges link={link} /> },
  {
    header: 'Analytics',
    className: 'links-table__counts',
    cell: (link) => (
      <>
        <div className="cell-title">{formatNumber(link.total_clicks)} clicks</div>
        <div className="cell-sub">{formatNumber(link.unique_visitors)} unique</div>
        {link.enable_country_redirect && link.blocked_visitors > 0 ? (
          <div className="cell-sub links-table__blocked">{formatNumber(link.blocked_visitors)} blocked</div>
        ) : null}
      </>
    ),
  },
  { header: 'Created', className: 'links-table__created', cell: (link) => formatDate(link.created_at) },
];

const ADMIN_COLUMNS: Column[] = [
  {
    header: 'Title',
    style: { maxWidth: 320 },
    cell: (link, { onTag }) => (
      <>
        <div className="cell-title truncate">{link.title || untitled}</div>
        <div className="cell-sub truncate" title={link.target_url}>
          {link.target_url}
        </div>
        <BrokenNote link={link} />
        <TagList tags={link.tags ?? []} onSelect={onTag} />
      </>
    ),
  },
  {
    header: 'Short URL',
    cell: (link) => (
      <div className="row" style={{ gap: 6 }}>
        <span className="mono links-table__short">{shortUrlText(link.short_url)}</span>
        <FeatureBadges link={link} emptyDash={false} instagram={false} />
      </div>
    ),
  },
  { header: 'Clicks', className: 'num', cell: (link) => formatNumber(link.clicks) },
  {
    header: 'Created',
    style: { whiteSpace: 'nowrap' },
    cell: (link) => formatDate(link.created_at, 'en-US'),
  },
];

export interface LinksTableProps {
  links: Link[];
  variant?: 'user' | 'admin';
  actions: (link: Link) => Omit<LinkRowActionsProps, 'url' | 'shortCode'>;
  /** A tag on a row was chosen (the list filters by it). */
  onTag?: (tag: string) => void;
}

/** Every address shown, copied, opened or drawn as a QR code is the link's own `short_url` (docs/api.md#the-link-object). */
export function LinksTable({ links, variant = 'user', actions, onTag }: LinksTableProps) {
  const admin = variant === 'admin';
  const columns = admin ? ADMIN_COLUMNS : USER_COLUMNS;
  return (
    <div className="table-wrap">
      <table className={cx('table table--stack table--actions', !admin && 'links-table')}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className === 'num' ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr
              key={link.id}
              data-link-id={admin ? undefined : link.id}
              data-testid={admin ? `link-row-${link.short_code}` : undefined}
            >
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className={column.className} style={column.style}>
                  {column.cell(link, { onTag })}
                </td>
              ))}
              <td data-label={admin ? 'Actions' : undefined} className={admin ? undefined : 'links-table__actions'}>
                <LinkRowActions url={link.short_url} shortCode={link.short_code} {...actions(link)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
