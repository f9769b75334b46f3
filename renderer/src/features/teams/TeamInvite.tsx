/**
 * Inviting (owners, docs/api.md#joining-a-team): an email with a role and restrictions gives a
 * link to copy (also mailed when the server can send mail); the open invitations below, each of
 * which an owner may cancel (docs/api.md#teams).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationResponse, Team, TeamInvitation } from '../../../../redirector/contract/teams';
import { useTeamCalls } from '../../api/teams';
import { useBusyCall } from '../../api/useBusyCall';
import { FailureBanner } from '../../components/Banner';
import { IconButton } from '../../components/Button';
import { CreateForm } from '../../components/CreateForm';
import { TextField } from '../../components/Field';
import { CreatedSecret } from '../../components/SecretCallout';
import { TitledSection } from '../../components/TitledSection';
import { formatDate } from '../../format/dates';
import { fieldsOf, type MembershipDraft, MembershipFields } from './MembershipFields';

interface TeamInviteProps {
  team: Team;
  invitations: TeamInvitation[];
  onInvited: () => void;
}

const NEW_DRAFT: MembershipDraft = { role: 'editor', ownLinksOnly: false, domains: '' };

export function TeamInvite({ team, invitations, onInvited }: TeamInviteProps) {
  const { t } = useTranslation();
  const calls = useTeamCalls();
  const [email, setEmail] = useState('');
  const [draft, setDraft] = useState(NEW_DRAFT);
  const [made, setMade] = useState<(InvitationResponse & { email: string }) | null>(null);
  const inviting = useBusyCall(t('teams.invite.failed'));
  const cancelling = useBusyCall(t('teams.invitations.cancelFailed'));
  const cancel = (invitation: TeamInvitation) =>
    void cancelling.run(async () => {
      await calls.cancelInvitation(team.id, invitation.id);
      onInvited();
    });
  const invite = () =>
    inviting.run(async () => {
      const answer = await calls.invite(team.id, email.trim(), fieldsOf(draft));
      setMade({ ...answer, email: email.trim() });
      setEmail('');
      setDraft(NEW_DRAFT);
      onInvited();
    });
  const texts = {
    title: t('teams.invite.linkTitle'),
    copy: t('teams.invite.copy'),
    copied: t('teams.invite.copied'),
    warning: t('teams.invite.linkHint', { email: made?.email ?? '' }),
    done: t('teams.invite.done'),
  };
  return (
    <TitledSection title={t('teams.invite.title')}>
      <CreatedSecret
        creation={inviting}
        testId="invitation-link"
        secret={made?.url}
        secretClassName="team-invite__link"
        texts={texts}
        onDone={() => setMade(null)}
      />
      <CreateForm
        onCreate={invite}
        busy={inviting.busy}
        label={t('teams.invite.submit')}
        busyLabel={t('teams.invite.sending')}
      >
        <TextField
          label={t('teams.invite.email')}
          name="invite-email"
          type="email"
          required
          value={email}
          onValueChange={setEmail}
          autoComplete="off"
          fieldClassName="span-2"
        />
        <MembershipFields draft={draft} onChange={setDraft} idPrefix="invite" />
      </CreateForm>
      <h4 className="text-sm">{t('teams.invitations.title')}</h4>
      <FailureBanner message={cancelling.error} onDismiss={cancelling.clearError} />
      {invitations.length === 0 ? (
        <p className="text-sm muted">{t('teams.invitations.empty')}</p>
      ) : (
        <ul className="stack" data-testid="team-invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="text-sm wrap-anywhere">
              {invitation.email} · {t(`teams.roles.${invitation.role}`)} ·{' '}
              {t('teams.invitations.expires', { date: formatDate(invitation.expires_at) })}{' '}
              <IconButton
                icon="trash"
                tone="danger"
                label={t('teams.invitations.cancel', { email: invitation.email })}
                disabled={cancelling.busy}
                onClick={() => cancel(invitation)}
              />
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
