/**
 * The dashboard's list (docs/api.md#pages, "User dashboard"): the summary cards over all the user's
 * links, one page of them with its list state in the address, the link form dialog and the delete
 * confirmation, Export and Import.
 */
import { useTranslation } from 'react-i18next';
import type { Link } from '../../../../redirector/contract';
import { useLinkCalls, useLinkHealthCounts, useLinkList, useTags } from '../../api/links';
import { Banner } from '../../components/Banner';
import { ConfirmDialog } from '../../components/Dialog';
import { LoadingState } from '../../components/Spinner';
import { ImportButton } from './importWizard/ImportButton';
import type { BulkMoveTarget } from './LinkBulkMove';
import { LinkCsvActions } from './LinkCsvActions';
import { LinkFormDialog } from './LinkFormDialog';
import type { LinkDomains } from './linkDomain';
import { useLinkListQuery } from './linkListQuery';
import { SummaryCards } from './SummaryCards';
import { UserLinksCard } from './UserLinksCard';
import { useTeamCreators } from './useTeamCreators';
import { useUserLinkEditing } from './useUserLinkEditing';

export interface DashboardLinksProps {
  domains: LinkDomains;
  onAnalytics: (link: Link) => void;
  /** A viewer of the team: the list without its changes (docs/api.md#roles). */
  readOnly?: boolean;
  /** The teams the selected links may move to (docs/api.md#moving-links-to-another-team). */
  moveTargets?: readonly BulkMoveTarget[];
  /** The chosen shared team's id: the list shows who made each link (docs/api.md#teams-in-the-ui); none in the personal team. */
  sharedTeam?: number;
}

export function DashboardLinks({
  domains,
  onAnalytics,
  readOnly = false,
  moveTargets,
  sharedTeam,
}: DashboardLinksProps) {
  const { t } = useTranslation();
  const calls = useLinkCalls();
  const { query, update } = useLinkListQuery();
  const list = useLinkList(query);
  const tags = useTags();
  const health = useLinkHealthCounts();
  const editing = useUserLinkEditing(list, tags.reload);
  const creators = useTeamCreators(sharedTeam, list.links);
  const { page } = list;
  if (page === null) return <LoadingState message={t('links.dashboard.loading')} />;
  return (
    <div className="stack stack--lg">
      <SummaryCards
        totals={page.totals ?? { links: page.total, clicks: 0, unique_visitors: 0 }}
        broken={health.data?.broken}
      />
      {readOnly ? <Banner tone="info">{t('teams.readOnly')}</Banner> : null}
      {list.error ? (
        <Banner tone="error" onDismiss={() => list.setError(null)}>
          {list.error}
        </Banner>
      ) : null}
      <UserLinksCard
        query={query}
        onQuery={update}
        page={page}
        tags={tags.data?.tags ?? []}
        creators={creators}
        shownOn={domains.verified ?? domains.defaultHost}
        loadFailed={list.loadFailed}
        csvActions={
          <>
            <LinkCsvActions calls={calls} reloads={[list.reload, tags.reload]} />
            <ImportButton reloads={[list.reload, tags.reload]} />
          </>
        }
        onCreate={editing.openCreate}
        onRetry={() => list.reload()}
        onAnalytics={onAnalytics}
        onEdit={editing.openEdit}
        onDelete={editing.askDelete}
        readOnly={readOnly}
        bulk={{
          run: calls.bulk,
          moveTargets,
          onDone: () => {
            list.reload();
            tags.reload();
          },
        }}
      />
      {editing.form.mode !== 'closed' ? (
        <LinkFormDialog
          key={editing.form.mode === 'edit' ? `edit-${editing.form.link.id}` : 'create'}
          link={editing.form.mode === 'edit' ? editing.form.link : null}
          domains={domains}
          onClose={editing.closeForm}
          onSubmit={editing.save}
        />
      ) : null}
      <ConfirmDialog
        open={editing.deleting !== null}
        title={t('links.delete.title')}
        message={t('links.delete.userQuestion')}
        confirmLabel={t('common.delete')}
        busyLabel={t('common.deleting')}
        busy={editing.deleting?.busy ?? false}
        onConfirm={editing.confirmDelete}
        onCancel={editing.cancelDelete}
      />
    </div>
  );
}
