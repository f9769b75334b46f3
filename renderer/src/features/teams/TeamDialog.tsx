/**
 * The "Team" screen of the dashboard (docs/api.md#teams): the chosen team's members, roles and
 * restrictions, invitations with the link to copy, leave, rename and delete; a new team from any
 * team. What a role may not do is not offered (the server refuses it anyway).
 */
import { useTranslation } from 'react-i18next';
import type { Team } from '../../../../redirector/contract/teams';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { NewTeamForm } from './NewTeamForm';
import { TeamMembers } from './TeamMembers';
import { TeamDangerZone, TeamSettingsForm } from './TeamSettings';
import { useTeamChoiceContext } from './teamChoice';

export function TeamDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const choice = useTeamChoiceContext();
  const team = choice?.chosen ?? null;
  /** After a change of the list: the list again, and (when given) another team chosen. */
  const changed = (chosen?: Team) => {
    if (chosen) choice?.choose(chosen.id);
    choice?.reload();
    if (chosen) onClose();
  };
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={t('teams.title')}
      description={team && !team.personal ? t('teams.subtitle', { name: team.name }) : undefined}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className="stack stack--lg">
        {team === null || team.personal ? (
          <p className="muted">{t('teams.personalNote')}</p>
        ) : (
          <SharedTeam team={team} userId={userId} onChanged={changed} personal={choice?.teams[0]} />
        )}
        <NewTeamForm onCreated={changed} />
      </div>
    </Dialog>
  );
}

interface SharedTeamProps {
  team: Team;
  userId: number;
  /** The user's personal team, chosen again after leaving or deleting this one. */
  personal: Team | undefined;
  onChanged: (chosen?: Team) => void;
}

function SharedTeam({ team, userId, personal, onChanged }: SharedTeamProps) {
  const { t } = useTranslation();
  const owner = team.role === 'owner';
  const gone = () => onChanged(personal);
  return (
    <>
      <p data-testid="team-role">{t('teams.yourRole', { role: t(`teams.roles.${team.role}`) })}</p>
      {owner ? <TeamSettingsForm team={team} onSaved={() => onChanged()} /> : null}
      <TeamMembers team={team} userId={userId} />
      <TeamDangerZone team={team} userId={userId} onGone={gone} />
    </>
  );
}
