/** A one-time invitation or reset link (docs/api.md#accounts), shown once with a copy button. */
import { useState } from 'react';
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
  const what = link.kind === 'invite' ? 'Invitation link' : 'Reset link';
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${what} for ${link.email}`}
      description={`Send it to them: it works once, until ${formatDateTime(link.expires_at)}. A newer link replaces it.`}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className="row" style={{ gap: 8, flexWrap: 'nowrap' }}>
        <input className="input mono" readOnly value={link.url} aria-label={what} onFocus={(e) => e.target.select()} />
        <CopyButton text={link.url} label="Copy link" variant="text" />
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
