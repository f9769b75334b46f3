/**
 * 'Account' on the user dashboard (docs/api.md#accounts): name, email and password (the current
 * password for email and password; a new password ends every other session), the sessions, and
 * deleting the account with its password.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountUpdate, User } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useOwnAccountCalls, useSessions } from '../../api/ownAccount';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PasswordField, TextField } from '../../components/Field';
import { submitted } from '../../components/submitted';
import { i18next } from '../../i18n';
import { MIN_PASSWORD_LENGTH } from './AccountForm';
import { AccountSessions, keepCurrentSession } from './AccountSessions';
import { DeleteAccount } from './DeleteAccount';

export interface AccountDialogProps {
  user: User;
  onClose: () => void;
  /** The account as saved, for the stored session. */
  onSaved: (user: User) => void;
  /** After the account is deleted. */
  onDeleted: () => void;
}

/** The profile form's values. */
type ProfileForm = { name: string; email: string; password: string; confirm: string; current: string };

/** What the form changes, or a message saying what is missing. */
export function accountChanges(user: User, form: ProfileForm): AccountUpdate | string {
  const t = i18next.t;
  const changes: AccountUpdate = {};
  if (form.name.trim() !== user.name) changes.name = form.name.trim();
  if (form.email.trim().toLowerCase() !== user.email) changes.email = form.email.trim();
  if (form.password !== '') {
    if ([...form.password].length < MIN_PASSWORD_LENGTH)
      return t('account.checks.tooShort', { min: MIN_PASSWORD_LENGTH });
    if (form.confirm !== form.password) return t('account.checks.mismatch');
    changes.password = form.password;
  }
  if ((changes.email !== undefined || changes.password !== undefined) && form.current === '') {
    return t('account.checks.currentNeeded');
  }
  if (form.current !== '') changes.current_password = form.current;
  return changes;
}

/** The profile form's fields in order; `secret` ones are password fields. */
function profileFields() {
  const t = i18next.t;
  const fields: {
    key: keyof ProfileForm;
    label: string;
    autoComplete: string;
    type?: string;
    hint?: string;
    secret?: true;
  }[] = [
    { key: 'name', label: t('account.fields.name'), autoComplete: 'name' },
    { key: 'email', label: t('account.fields.email'), autoComplete: 'email', type: 'email' },
    {
      key: 'password',
      label: t('account.fields.newPassword'),
      autoComplete: 'new-password',
      hint: t('account.dialog.keepHint'),
      secret: true,
    },
    { key: 'confirm', label: t('account.dialog.confirmNew'), autoComplete: 'new-password', secret: true },
    {
      key: 'current',
      label: t('account.dialog.current'),
      autoComplete: 'current-password',
      hint: t('account.dialog.currentHint'),
      secret: true,
    },
  ];
  return fields;
}

export function AccountDialog({ user, onClose, onSaved, onDeleted }: AccountDialogProps) {
  const { t } = useTranslation();
  const calls = useOwnAccountCalls();
  const sessions = useSessions();
  const [form, setForm] = useState<ProfileForm>({
    name: user.name,
    email: user.email,
    password: '',
    confirm: '',
    current: '',
  });
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
      // A new password ends every other session (docs/api.md#the-account-of-the-signed-in-user): shown at once.
      if (changes.password !== undefined) keepCurrentSession(sessions);
      setForm((current) => ({ ...current, password: '', confirm: '', current: '' }));
      const text = changes.password === undefined ? t('account.dialog.saved') : t('account.dialog.savedEnded');
      setNotice({ tone: 'success', text });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t('account.dialog.saveFailed')) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={t('account.dialog.title')}
      footer={<Button onClick={onClose}>{t('account.dialog.close')}</Button>}
    >
      <div className="stack">
        <form className="form" aria-label={t('account.dialog.profile')} noValidate onSubmit={submitted(save)}>
          {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
          {profileFields().map(({ key, secret, ...field }) => {
            const Control = secret ? PasswordField : TextField;
            return <Control key={key} {...field} value={form[key]} onValueChange={set(key)} />;
          })}
          <Button type="submit" variant="primary" loading={saving}>
            {t('account.dialog.save')}
          </Button>
        </form>
        <AccountSessions sessions={sessions} />
        <DeleteAccount onDeleted={onDeleted} />
      </div>
    </Dialog>
  );
}
