/** The header's team switcher (docs/api.md#teams): the user's teams, the chosen one remembered in this browser. */
import { useTranslation } from 'react-i18next';
import type { Team } from '../../../../redirector/contract/teams';
import { mayLeave } from '../../components/leaveGuard';
import { i18next } from '../../i18n';
import { useTeamChoiceContext } from './teamChoice';

export function teamLabel(team: Team): string {
  return team.personal ? i18next.t('teams.personal', { name: team.name }) : team.name;
}

export function TeamSwitcher() {
  const { t } = useTranslation();
  const choice = useTeamChoiceContext();
  if (!choice || choice.teams.length === 0) return null;
  return (
    <label className="preference-switch team-switcher">
      <span className="visually-hidden">{t('teams.switcher')}</span>
      <select
        className="preference-switch__select team-switcher__select"
        name="team"
        value={choice.chosen?.id ?? ''}
        onChange={(event) => {
          // A screen with unsaved work asks first (leaveGuard.ts); the other team's screens replace it.
          if (mayLeave()) choice.choose(Number(event.target.value));
        }}
        aria-label={t('teams.switcher')}
      >
        {choice.teams.map((team) => (
          <option key={team.id} value={team.id}>
            {teamLabel(team)}
          </option>
        ))}
      </select>
    </label>
  );
}
