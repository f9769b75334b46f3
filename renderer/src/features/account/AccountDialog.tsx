/**
 * 'Account' on the user dashboard (docs/api.md#accounts): name, email and password (the current
 * password for email and password; a new password ends every other session), the sessions, and
 * deleting the account with its password.
 */
import { useState } from 'react';
import type { AccountUpdate, User } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useOwnAccountCalls } from '../../api/ownAccount';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PasswordField, TextField } from '../../components/Field';
import { AccountSessions } from './AccountSessions';
import { DeleteAccount } from './DeleteAccount';
import { MIN_PASSWORD_LENGTH } from './RegisterPage';

export interface AccountDialogProps {
  user: User;
  onClose: () => void;
  /** The account as saved, for the stored session. */
  onSaved: (user: User) => void;
  /** After the account is deleted. */
  onDeleted: () => void;
}

/** What the form changes, or a message saying what is missing. */
export function accountChanges(
  user: User,
  form: { name: string; email: string; password: string; confirm: string; current: string },
): AccountUpdate | string {
  const changes: AccountUpdate = {};
  if (form.name.trim() !== user.name) changes.name = form.name.trim();
  if (form.email.trim().toLowerCase() !== user.email) changes.email = form.email.trim();
  if (form.password !== '') {
    if ([...form.password].length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
    if (form.confirm !== form.password) return 'Passwords do not match';
    changes.password = form.password;
  }
  if ((changes.email !== undefined || changes.password !== undefined) && form.current === '') {
    return 'Enter your current password to change your email or password';
  }
  if (form.current !== '') changes.current_password = form.current;
  return changes;
}

export function AccountDialog({ user, onClose, onSaved, onDeleted }: AccountDialogProps) {
  const calls = useOwnAccountCalls();
  const [form, setForm] = useState({ name: user.name, email: user.email, password: '', confirm: '', current: '' });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (name: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [name]: value }));
  const save = async () => {
    const changes = accountChanges(user, form);
    if (typeof changes === 'string') {
      setNotice({ tone: 'error', text: changes });
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const saved = await calls.update(changes);
      onSaved(saved.user);
      setForm((current) => ({ ...current, password: '', confirm: '', current: '' }));
      const ended = changes.password === undefined ? '' : ' Every other session has ended.';
      setNotice({ tone: 'success', text: `Your account is saved.${ended}` });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, 'Your account could not be saved') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open wide onClose={onClose} title="Account" footer={<Button onClick={onClose}>Close</Button>}>
      <div className="stack">
        <form
          className="form"
          aria-label="Profile"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
          <TextField label="Name" autoComplete="name" value={form.name} onValueChange={set('name')} />
          <TextField label="Email" type="email" autoComplete="email" value={form.email} onValueChange={set('email')} />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            hint="Leave empty to keep it"
            value={form.password}
            onValueChange={set('password')}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={form.confirm}
            onValueChange={set('confirm')}
          />
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            hint="Needed to change your email or password"
            value={form.current}
            onValueChange={set('current')}
          />
          <Button type="submit" variant="primary" loading={saving}>
            Save Changes
          </Button>
        </form>
        <AccountSessions />
        <DeleteAccount onDeleted={onDeleted} />
      </div>
    </Dialog>
  );
}
