/**
 * A team's members (docs/api.md#teams): name, role, restrictions and when they joined; owners
 * change a member's role and restrictions and remove members, and invite (TeamInvite.tsx).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team, TeamMember, TeamMembersResponse } from '../../../../redirector/contract/teams';
import { useTeamCalls } from '../../api/teams';
import { useBusyCall } from '../../api/useBusyCall';
import { useCallLoad } from '../../api/useLoad';
import { FailureBanner } from '../../components/Banner';
import { Button, IconButton } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Loaded } from '../../components/LoadedList';
import { TitledSection } from '../../components/TitledSection';
import { formatDate } from '../../format/dates';
import { draftOf, fieldsOf, MembershipFields } from './MembershipFields';
import { TeamInvite } from './TeamInvite';

export function TeamMembers({ team, userId }: { team: Team; userId: number }) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const load = useCallLoad(calls, (own, signal) => own.members(team.id, signal));
  const owner = team.role === 'owner';
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const removal = useBusyCall(t('teams.members.changeFailed'));
  const texts = { loading: t('teams.members.loading'), loadFailed: t('teams.members.loadFailed') };
  const answered = (members: TeamMembersResponse) => load.setData(members);
  return (
    <>
      <TitledSection title={t('teams.members.title')}>
        <Loaded load={load} texts={texts}>
          {(data) => (
            <MembersTable
              members={data.members}
              userId={userId}
              owner={owner}
              onEdit={setEditing}
              onRemove={setRemoving}
            />
          )}
        </Loaded>
      </TitledSection>
      {owner ? <TeamInvite team={team} invitations={load.data?.invitations ?? []} onInvited={load.reload} /> : null}
      {editing ? (
        <EditMemberDialog team={team} member={editing} onClose={() => setEditing(null)} onSaved={answered} />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('teams.members.removeTitle')}
        message={t('teams.members.removeQuestion', { name: removing?.user.name ?? '' })}
        confirmLabel={t('teams.members.remove')}
        busy={removal.busy}
        error={removal.error}
        onConfirm={() =>
          void removal.run(async () => {
            if (removing) await calls.removeMember(team.id, removing.user.id);
            setRemoving(null);
            load.reload();
          })
        }
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

interface MembersTableProps {
  members: TeamMember[];
  userId: number;
  owner: boolean;
  onEdit: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

function MembersTable({ members, userId, owner, onEdit, onRemove }: MembersTableProps) {
  const { t } = useTranslation();
  const columns: DataColumn<TeamMember>[] = [
    {
      label: t('teams.members.name'),
      cell: (member) => (
        <div>
          <div className="cell-title">
            {member.user.name}
            {member.user.id === userId ? ` (${t('teams.members.you')})` : ''}
          </div>
          <div className="text-sm muted">{member.user.email}</div>
        </div>
      ),
    },
    { label: t('teams.members.role'), cell: (member) => t(`teams.roles.${member.role}`) },
    {
      label: t('teams.members.domains'),
      cell: (member) =>
        [
          member.domains ? member.domains.join(', ') : t('teams.members.allDomains'),
          member.own_links_only ? t('teams.members.ownLinksOnly') : null,
        ]
          .filter(Boolean)
          .join(' · '),
    },
    { label: t('teams.members.joined'), nowrap: true, cell: (member) => formatDate(member.joined_at) },
  ];
  if (owner) {
    columns.push({
      label: t('common.actions'),
      actions: true,
      cell: (member) => (
        <div className="btn-group">
          <IconButton
            icon="edit"
            label={t('teams.members.editLabel', { name: member.user.name })}
            onClick={() => onEdit(member)}
          />
          {member.user.id === userId ? null : (
            <IconButton
              icon="trash"
              tone="danger"
              label={t('teams.members.removeLabel', { name: member.user.name })}
              onClick={() => onRemove(member)}
            />
          )}
        </div>
      ),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={members}
      rowKey={(member) => member.user.id}
      rowTestId={(member) => `team-member-${member.user.id}`}
    />
  );
}

interface EditMemberProps {
  team: Team;
  member: TeamMember;
  onClose: () => void;
  onSaved: (members: TeamMembersResponse) => void;
}

function EditMemberDialog({ team, member, onClose, onSaved }: EditMemberProps) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const [draft, setDraft] = useState(() => draftOf(member));
  const saving = useBusyCall(t('teams.members.changeFailed'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saving.run(async () => {
      onSaved(await calls.changeMember(team.id, member.user.id, fieldsOf(draft)));
      onClose();
    });
  };
  return (
    <Dialog open onClose={onClose} title={t('teams.members.editTitle', { name: member.user.name })}>
      <form className="stack" noValidate onSubmit={submit}>
        <FailureBanner message={saving.error} onDismiss={saving.clearError} />
        <div className="form-grid">
          <MembershipFields draft={draft} onChange={setDraft} idPrefix="member" />
        </div>
        <div className="row">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving.busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
