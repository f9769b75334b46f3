/**
 * The one link table (docs/api.md#pages, "Your Links", "Admin links list"): a row per link with its
 * row actions. The user's dashboard and the admin list each show their own set of columns.
 */
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { couldNotCheck, type Link } from '../../../../redirector/contract';
import { Badge } from '../../components/Badge';
import { cx } from '../../components/cx';
import { FeatureBadges } from '../../components/FeatureBadges';
import { formatDate } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { shortUrlText } from '../../format/shortUrl';
import { i18next } from '../../i18n';
import { localiseMessage } from '../../i18n/messages';
import { LinkRowActions, type LinkRowActionsProps } from './LinkRowActions';
import { linkBulkTexts } from './linkBulkTexts';
import { TagList } from './TagList';
import type { LinkSelection } from './useLinkSelection';

interface RowContext {
  onTag?: (tag: string) => void;
}

interface Column {
  /** Stable across languages: the React key. */
  id: string;
  header: string;
  className?: string;
  style?: CSSProperties;
  cell: (link: Link, row: RowContext) => ReactNode;
}

const t = i18next.t;
const untitled = () => <span className="subtle">{t('links.table.untitled')}</span>;

/**
 * A broken link's mark and its reason (docs/api.md#link-health), or "Not checked" and why this server
 * could not check it; nothing for any other.
 */
function BrokenNote({ link }: { link: Link }) {
  const health = link.health;
  if (health && couldNotCheck(health)) {
    const mark = t('links.table.notChecked');
    // The reason starts with the mark's words ("Not checked: …"): shown once.
    const reason = localiseMessage(health.error ?? '');
    return (
      <div className="cell-sub" data-testid="link-not-checked" title={health.url ?? undefined}>
        <Badge tone="neutral">{mark}</Badge> {reason.startsWith(`${mark}: `) ? reason.slice(mark.length + 2) : reason}
      </div>
    );
  }
  if (health?.status !== 'broken') return null;
  const where = health.url && health.url !== link.target_url ? ` · ${health.url}` : '';
  return (
    <div className="cell-sub links-table__broken" data-testid="link-broken" title={health.url ?? undefined}>
      <Badge tone="danger">{t('links.table.broken')}</Badge>{' '}
      {health.error ? localiseMessage(health.error) : t('links.table.unreachable')}
      {where}
    </div>
  );
}

/** Who made the link (docs/api.md#links-of-a-team): a member's name, a key's name, or the administrator. */
const creatorColumn = (): Column => ({
  id: 'created_by',
  header: t('links.table.createdBy'),
  className: 'links-table__creator',
  cell: (link) => link.created_by?.name ?? t('links.table.administrator'),
});

/** Built when the table draws: the headers in the language in use; "Created by" when asked. */
const userColumns = (creator: boolean): Column[] => [
  {
    id: 'link',
    header: t('links.table.link'),
    className: 'links-table__link',
    cell: (link, { onTag }) => (
      <>
        <div className="cell-title">{link.title || untitled()}</div>
        <div className="mono text-sm links-table__short">{shortUrlText(link.short_url)}</div>
        <TagList tags={link.tags ?? []} onSelect={onTag} />
      </>
    ),
  },
  {
    id: 'target',
    header: t('links.table.target'),
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
  { id: 'features', header: t('links.table.features'), cell: (link) => <FeatureBadges link={link} /> },
  {
    id: 'analytics',
    header: t('links.table.analytics'),
    className: 'links-table__counts',
    cell: (link) => (
      <>
        <div className="cell-title">{t('common.clicks', { count: link.total_clicks })}</div>
        <div className="cell-sub">{t('links.table.unique', { n: formatNumber(link.unique_visitors) })}</div>
        {link.enable_country_redirect && link.blocked_visitors > 0 ? (
          <div className="cell-sub links-table__blocked">
            {t('links.table.blocked', { n: formatNumber(link.blocked_visitors) })}
          </div>
        ) : null}
      </>
    ),
  },
  ...(creator ? [creatorColumn()] : []),
  {
    id: 'created',
    header: t('common.created'),
    className: 'links-table__created',
    cell: (link) => formatDate(link.created_at),
  },
];

const adminColumns = (): Column[] => [
  {
    id: 'title',
    header: t('links.table.title'),
    style: { maxWidth: 320 },
    cell: (link, { onTag }) => (
      <>
        <div className="cell-title truncate">{link.title || untitled()}</div>
        <div className="cell-sub truncate" title={link.target_url}>
          {link.target_url}
        </div>
        <BrokenNote link={link} />
        <TagList tags={link.tags ?? []} onSelect={onTag} />
      </>
    ),
  },
  {
    id: 'short',
    header: t('links.table.shortUrl'),
    cell: (link) => (
      <div className="row" style={{ gap: 6 }}>
        <span className="mono links-table__short">{shortUrlText(link.short_url)}</span>
        <FeatureBadges link={link} emptyDash={false} instagram={false} />
      </div>
    ),
  },
  { id: 'clicks', header: t('links.table.clicks'), className: 'num', cell: (link) => formatNumber(link.clicks) },
  {
    id: 'created',
    header: t('common.created'),
    style: { whiteSpace: 'nowrap' },
    cell: (link) => formatDate(link.created_at),
  },
];

export interface LinksTableProps {
  links: Link[];
  variant?: 'user' | 'admin';
  actions: (link: Link) => Omit<LinkRowActionsProps, 'url' | 'shortCode'>;
  /** A tag on a row was chosen (the list filters by it). */
  onTag?: (tag: string) => void;
  /** A checkbox per row and one for the page (docs/api.md#bulk-changes); none without it. */
  selection?: LinkSelection;
  /** The "Created by" column (user variant): shown in a shared team (docs/api.md#teams-in-the-ui). */
  showCreator?: boolean;
}

/** The page's checkbox: ticked when every row is (or all matching links are), mixed when some are. */
function PageCheckbox({ links, selection }: { links: Link[]; selection: LinkSelection }) {
  const ticked = links.filter((link) => selection.ids.has(link.id)).length;
  const all = selection.allMatching || (ticked > 0 && ticked === links.length);
  return (
    <input
      type="checkbox"
      aria-label={linkBulkTexts().selectPage}
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = !all && ticked > 0;
      }}
      onChange={() => selection.togglePage(links.map((link) => link.id))}
    />
  );
}

function RowCheckbox({ link, selection }: { link: Link; selection: LinkSelection }) {
  return (
    <input
      type="checkbox"
      aria-label={linkBulkTexts().selectRow(link.title || link.short_code)}
      checked={selection.allMatching || selection.ids.has(link.id)}
      onChange={() => selection.toggle(link.id)}
    />
  );
}

/** Every address shown, copied, opened or drawn as a QR code is the link's own `short_url` (docs/api.md#the-link-object). */
export function LinksTable({ links, variant = 'user', actions, onTag, selection, showCreator }: LinksTableProps) {
  const { t: translate } = useTranslation();
  const admin = variant === 'admin';
  const columns = admin ? adminColumns() : userColumns(showCreator === true);
  return (
    <div className="table-wrap">
      <table className={cx('table table--stack table--actions', !admin && 'links-table')}>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="links-table__select">
                <PageCheckbox links={links} selection={selection} />
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.className === 'num' ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
            <th scope="col">{translate('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr
              key={link.id}
              data-link-id={admin ? undefined : link.id}
              data-testid={admin ? `link-row-${link.short_code}` : undefined}
            >
              {selection ? (
                <td className="links-table__select">
                  <RowCheckbox link={link} selection={selection} />
                </td>
              ) : null}
              {columns.map((column) => (
                <td key={column.id} data-label={column.header} className={column.className} style={column.style}>
                  {column.cell(link, { onTag })}
                </td>
              ))}
              <td
                data-label={admin ? translate('common.actions') : undefined}
                className={admin ? undefined : 'links-table__actions'}
              >
                <LinkRowActions url={link.short_url} shortCode={link.short_code} {...actions(link)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
