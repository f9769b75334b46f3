/** "New team" (docs/api.md#teams): a name and an optional slug; the new team is chosen at once. */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team } from '../../../../redirector/contract/teams';
import { useTeamCalls } from '../../api/teams';
import { useBusyCall } from '../../api/useBusyCall';
import { FailureBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';

export function NewTeamForm({ onCreated }: { onCreated: (team: Team) => void }) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const creation = useBusyCall(t('teams.create.failed'));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(t('teams.create.nameRequired'));
      return;
    }
    await creation.run(async () => onCreated(await calls.create(name.trim(), slug.trim() || undefined)));
  };
  return (
    <section className="stack" aria-labelledby="new-team-title">
      <h3 id="new-team-title" className="section-title">
        {t('teams.create.title')}
      </h3>
      <FailureBanner message={creation.error} onDismiss={creation.clearError} />
      <form className="stack" noValidate onSubmit={submit}>
        <div className="form-grid">
          <TextField
            label={t('teams.create.name')}
            name="team-name"
            value={name}
            error={nameError}
            onValueChange={(next) => {
              setName(next);
              setNameError(null);
            }}
            autoComplete="off"
          />
          <TextField
            label={t('teams.create.slug')}
            name="team-slug"
            hint={t('teams.create.slugHint')}
            optional
            value={slug}
            onValueChange={setSlug}
            autoComplete="off"
          />
        </div>
        <div className="row">
          <Button type="submit" variant="primary" icon="plus" loading={creation.busy}>
            {creation.busy ? t('teams.create.creating') : t('teams.create.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
