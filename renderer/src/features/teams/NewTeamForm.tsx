/** "New team" (docs/api.md#teams): a name and an optional slug; the new team is chosen at once. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team } from '../../../../redirector/contract/teams';
import { useTeamCalls } from '../../api/teams';
import { useBusyCall } from '../../api/useBusyCall';
import { FailureBanner } from '../../components/Banner';
import { CreateForm } from '../../components/CreateForm';
import { TitledSection } from '../../components/TitledSection';
import { TeamFields } from './TeamFields';

export function NewTeamForm({ onCreated }: { onCreated: (team: Team) => void }) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const creation = useBusyCall(t('teams.create.failed'));
  const create = async () => {
    if (name.trim() === '') {
      setNameError(t('teams.create.nameRequired'));
      return;
    }
    await creation.run(async () => onCreated(await calls.create(name.trim(), slug.trim() || undefined)));
  };
  return (
    <TitledSection title={t('teams.create.title')}>
      <FailureBanner message={creation.error} onDismiss={creation.clearError} />
      <CreateForm
        onCreate={create}
        busy={creation.busy}
        label={t('teams.create.submit')}
        busyLabel={t('teams.create.creating')}
      >
        <TeamFields
          name={name}
          slug={slug}
          onName={(next) => {
            setName(next);
            setNameError(null);
          }}
          onSlug={setSlug}
          inputNames={['team-name', 'team-slug']}
          nameError={nameError}
          creating
        />
      </CreateForm>
    </TitledSection>
  );
}
