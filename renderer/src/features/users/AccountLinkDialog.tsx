/** A one-time invitation or reset link (docs/api.md#accounts), shown once with a copy button. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountLinkResponse, AdminUser, NewUserResponse } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useUserCalls } from '../../api/users';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Dialog } from '../../components/Dialog';
import { formatDateTime } from '../../format/dates';

export interface ShownAccountLink extends AccountLinkResponse {
  kind: 'invite' | 'reset';
  email: string;
}

export function AccountLinkDialog({ link, onClose }: { link: ShownAccountLink; onClose: () => void }) {
  const { t } = useTranslation();
  const what = link.kind === 'invite' ? t('users.invite') : t('users.reset');
  const title =
    link.kind === 'invite'
      ? t('users.accountLink.inviteFor', { email: link.email })
      : t('users.accountLink.resetFor', { email: link.email });
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={t('users.accountLink.description', { date: formatDateTime(link.expires_at) })}
      footer={<Button onClick={onClose}>{t('users.accountLink.close')}</Button>}
    >
      <div className="row" style={{ gap: 8, flexWrap: 'nowrap' }}>
        <input className="input mono" readOnly value={link.url} aria-label={what} onFocus={(e) => e.target.select()} />
        <CopyButton text={link.url} label={t('users.accountLink.copy')} variant="text" />
      </div>
    </Dialog>
  );
}

/** The link being shown, and `make` to ask the server for one (its failure goes to `onError`). */
export function useAccountLinks(onError: (message: string | null) => void, failureText: string) {
  const calls = useUserCalls();
  const [shown, setShown] = useState<ShownAccountLink | null>(null);
  const make = async (user: AdminUser, kind: 'invite' | 'reset') => {
    onError(null);
    try {
      setShown({ ...(await calls.accountLink(user.id, kind)), kind, email: user.email });
    } catch (caught) {
      onError(errorMessage(caught, failureText));
    }
  };
  /** A user added without a password comes with their invitation. */
  const showInvitation = (user: NewUserResponse) => {
    if (user.invitation) setShown({ ...user.invitation, kind: 'invite', email: user.email });
  };
  return { shown, setShown, make, showInvitation };
}
