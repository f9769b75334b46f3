/**
 * A shared team's settings (docs/api.md#teams): rename (owners), and the way out: leave (any
 * member; the last owner is refused by the server), delete with the slug typed to confirm (owners).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team } from '../../../../redirector/contract/teams';
import { useTeamCalls } from '../../api/teams';
import { useBusyCall } from '../../api/useBusyCall';
import { Banner, FailureBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { TextField } from '../../components/Field';
import { TitledSection } from '../../components/TitledSection';
import { TeamFields } from './TeamFields';

export function TeamSettingsForm({ team, onSaved }: { team: Team; onSaved: () => void }) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const [name, setName] = useState(team.name);
  const [slug, setSlug] = useState(team.slug ?? '');
  const [saved, setSaved] = useState(false);
  const saving = useBusyCall(t('teams.settings.failed'));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    await saving.run(async () => {
      await calls.rename(team.id, name.trim(), slug.trim());
      setSaved(true);
      onSaved();
    });
  };
  return (
    <TitledSection title={t('teams.settings.title')}>
      <FailureBanner message={saving.error} onDismiss={saving.clearError} />
      {saved ? <Banner tone="success">{t('teams.settings.saved')}</Banner> : null}
      <form className="stack" noValidate onSubmit={submit}>
        <div className="form-grid">
          <TeamFields
            name={name}
            slug={slug}
            onName={setName}
            onSlug={setSlug}
            inputNames={['rename-team', 'rename-slug']}
          />
        </div>
        <div className="row">
          <Button type="submit" loading={saving.busy}>
            {saving.busy ? t('teams.settings.saving') : t('teams.settings.save')}
          </Button>
        </div>
      </form>
    </TitledSection>
  );
}

interface DangerProps {
  team: Team;
  userId: number;
  /** The team is left or deleted: the dashboard goes back to the personal team. */
  onGone: () => void;
}

export function TeamDangerZone({ team, userId, onGone }: DangerProps) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const leaving = useBusyCall(t('teams.leave.failed'), { leaves: true });
  const close = () => {
    setAsking(null);
    leaving.clearError();
  };
  return (
    <section className="row">
      <Button variant="danger-outline" icon="logout" onClick={() => setAsking('leave')}>
        {t('teams.leave.button')}
      </Button>
      {team.role === 'owner' ? (
        <Button variant="danger-outline" icon="trash" onClick={() => setAsking('delete')}>
          {t('teams.delete.button')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking === 'leave'}
        title={t('teams.leave.title')}
        message={t('teams.leave.question', { name: team.name })}
        confirmLabel={t('teams.leave.confirm')}
        busyLabel={t('teams.leave.leaving')}
        busy={leaving.busy}
        error={leaving.error}
        onConfirm={() =>
          void leaving.run(async () => {
            await calls.removeMember(team.id, userId);
            onGone();
          })
        }
        onCancel={close}
      />
      {asking === 'delete' ? <DeleteTeamDialog team={team} onClose={close} onDeleted={onGone} /> : null}
    </section>
  );
}

/** Deleting asks for the team's slug, typed (docs/api.md#teams: `{confirm: <slug>}`). */
function DeleteTeamDialog({ team, onClose, onDeleted }: { team: Team; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const deletion = useBusyCall(t('teams.delete.failed'), { leaves: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== team.slug) {
      setMismatch(true);
      return;
    }
    void deletion.run(async () => {
      await calls.remove(team.id, typed.trim());
      onDeleted();
    });
  };
  return (
    <Dialog
      open
      alert
      onClose={() => deletion.busy || onClose()}
      title={t('teams.delete.title')}
      description={t('teams.delete.question', { name: team.name, slug: team.slug })}
    >
      <form className="stack" noValidate onSubmit={submit}>
        <FailureBanner message={deletion.error} onDismiss={deletion.clearError} />
        <TextField
          label={t('teams.delete.confirmLabel')}
          name="confirm-slug"
          value={typed}
          error={mismatch ? t('teams.delete.mismatch') : null}
          onValueChange={(next) => {
            setTyped(next);
            setMismatch(false);
          }}
          autoComplete="off"
          autoFocus
        />
        <div className="row">
          <Button onClick={onClose} disabled={deletion.busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={deletion.busy}>
            {deletion.busy ? t('teams.delete.deleting') : t('teams.delete.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
