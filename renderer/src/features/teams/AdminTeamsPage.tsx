/** /admin/teams (docs/api.md#teams-for-the-administrator): every shared team, its owners, members and links. */
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '../../../../redirector/contract/teams';
import { useAdminTeamCalls } from '../../api/teams';
import { useCallLoad } from '../../api/useLoad';
import { Card } from '../../components/Card';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { Loaded } from '../../components/LoadedList';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../format/dates';
import { formatNumber } from '../../format/numbers';

export function AdminTeamsPage() {
  const { t } = useTranslation();
  const calls = useAdminTeamCalls();
  const teams = useCallLoad(calls, (own, signal) => own.list(signal));
  const texts = { loading: t('teams.admin.loading'), loadFailed: t('teams.admin.loadFailed') };
  const columns: DataColumn<AdminTeam>[] = [
    { label: t('teams.admin.columns.name'), cell: (team) => <div className="cell-title">{team.name}</div> },
    { label: t('teams.admin.columns.slug'), className: 'mono', cell: (team) => team.slug },
    { label: t('teams.admin.columns.owners'), cell: (team) => team.owners.join(', ') },
    { label: t('teams.admin.columns.members'), numeric: true, cell: (team) => formatNumber(team.members) },
    { label: t('teams.admin.columns.links'), numeric: true, cell: (team) => formatNumber(team.links) },
    { label: t('teams.admin.columns.created'), nowrap: true, cell: (team) => formatDate(team.created_at) },
  ];
  return (
    <div className="stack">
      <PageHeader title={t('teams.admin.title')} subtitle={t('teams.admin.subtitle')} />
      <Loaded load={teams} texts={texts}>
        {({ teams: list }) => (
          <Card flush>
            {list.length > 0 ? (
              <DataTable
                columns={columns}
                rows={list}
                rowKey={(team) => team.id}
                rowTestId={(team) => `admin-team-${team.id}`}
                label={t('teams.admin.title')}
              />
            ) : (
              <EmptyState icon="users" title={t('teams.admin.empty')} description={t('teams.admin.emptyHint')} />
            )}
          </Card>
        )}
      </Loaded>
    </div>
  );
}
