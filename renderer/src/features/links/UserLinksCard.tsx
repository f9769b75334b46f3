/**
 * 'Your Links' (docs/api.md#pages): one page of the user's links with search, tag filter, sort and
 * pages, or why there are none, with the create, export and import actions.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { LinkList, type LinkListProps } from './LinkList';

export interface UserLinksCardProps
  extends Pick<LinkListProps, 'query' | 'onQuery' | 'page' | 'tags' | 'bulk' | 'creators'> {
  /** Where new links go: the verified custom domain, else the default domain ('go.ann.example'). */
  shownOn: string;
  loadFailed: boolean;
  /** Export and Import. */
  csvActions: ReactNode;
  onCreate: () => void;
  onRetry: () => void;
  onAnalytics: (link: Link) => void;
  onEdit: (link: Link) => void;
  onDelete: (link: Link) => void;
  /** A viewer of the team: no create, import, edit or delete (docs/api.md#roles). */
  readOnly?: boolean;
}

export function UserLinksCard({ loadFailed, csvActions, onCreate, onRetry, readOnly, ...props }: UserLinksCardProps) {
  const { t } = useTranslation();
  const { onAnalytics, onEdit, onDelete, shownOn, ...list } = props;
  const createButton = (label: string) =>
    readOnly ? undefined : (
      <Button variant="primary" icon="plus" onClick={onCreate}>
        {label}
      </Button>
    );
  return (
    <Card
      title={t('links.dashboard.title')}
      subtitle={t('links.dashboard.shownOn', { host: shownOn })}
      flush
      actions={
        readOnly ? undefined : (
          <div className="row">
            {csvActions}
            {createButton(t('links.dashboard.create'))}
          </div>
        )
      }
    >
      {loadFailed && (list.page?.links.length ?? 0) === 0 ? (
        <EmptyState
          icon="refresh"
          title={t('links.dashboard.loadFailed')}
          description={t('links.dashboard.loadFailedHint')}
          action={
            <Button icon="refresh" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <LinkList
          {...list}
          bulk={readOnly ? undefined : list.bulk}
          empty={
            <EmptyState
              title={t('links.dashboard.empty')}
              description={t('links.dashboard.emptyHint')}
              action={createButton(t('links.dashboard.createLink'))}
            />
          }
          actions={(link) => ({
            analytics: { onClick: () => onAnalytics(link) },
            ...(readOnly ? {} : { edit: { onClick: () => onEdit(link) }, onDelete: () => onDelete(link) }),
          })}
        />
      )}
    </Card>
  );
}
