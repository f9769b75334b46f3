/**
 * 'Account' on the user dashboard (docs/api.md#accounts): name, email and password (the current
 * password for email and password; a new password ends every other session), the sessions, and
 * deleting the account with its password. An account without a password (single sign-on's) is
 * asked for none: a sign-in of the last 10 minutes confirms (docs/api.md#confirming-without-a-password).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountUpdate, RECENT_SIGN_IN_MS, type User } from '../../../../redirector/contract';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { useOwnAccountCalls, useSessions } from '../../api/ownAccount';
import { useCallLoad, useLoad } from '../../api/useLoad';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PasswordField, TextField } from '../../components/Field';
import { submitted } from '../../components/submitted';
import { i18next } from '../../i18n';
import { MIN_PASSWORD_LENGTH } from './AccountForm';
import { AccountSessions, keepCurrentSession } from './AccountSessions';
import { DeleteAccount, type RecentSignIn } from './DeleteAccount';

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

/** What the form changes, or a message saying what is missing; `hasPassword` false: no current password asked. */
export function accountChanges(user: User, form: ProfileForm, hasPassword = true): AccountUpdate | string {
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
  if (hasPassword && (changes.email !== undefined || changes.password !== undefined) && form.current === '') {
    return t('account.checks.currentNeeded');
  }
  if (form.current !== '') changes.current_password = form.current;
  return changes;
}

/** The profile form's fields in order; `secret` ones are password fields. Without a password, no current one. */
function profileFields(hasPassword: boolean) {
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
    {
      key: 'email',
      label: t('account.fields.email'),
      autoComplete: 'email',
      type: 'email',
      ...(hasPassword ? {} : { hint: t('account.dialog.noPasswordHint') }),
    },
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
  return hasPassword ? fields : fields.filter((field) => field.key !== 'current');
}

/**
 * Whether the account has a password (GET /api/account; taken as yes until known), and for one
 * without, whether this session is recent enough to confirm and the provider's button.
 */
function useConfirmation(sessions: ReturnType<typeof useSessions>): {
  hasPassword: boolean;
  signIn: RecentSignIn | null;
} {
  const own = useCallLoad(useOwnAccountCalls(), (calls, signal) => calls.get(signal));
  const account = useAccountCalls();
  const config = useLoad((signal) => account.serviceConfig(signal), [account]);
  const hasPassword = own.data?.user.has_password !== false;
  if (hasPassword) return { hasPassword, signIn: null };
  const current = sessions.data?.sessions.find((session) => session.current);
  const recent = current === undefined || Date.parse(current.created_at) + RECENT_SIGN_IN_MS > Date.now();
  const sso = config.data?.sso ? { name: config.data.sso.name, startUrl: account.ssoStartUrl() } : null;
  return { hasPassword, signIn: { recent, sso } };
}

export function AccountDialog({ user, onClose, onSaved, onDeleted }: AccountDialogProps) {
  const { t } = useTranslation();
  const calls = useOwnAccountCalls();
  const sessions = useSessions();
  const { hasPassword, signIn } = useConfirmation(sessions);
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
    const changes = accountChanges(user, form, hasPassword);
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
          {profileFields(hasPassword).map(({ key, secret, ...field }) => {
            const Control = secret ? PasswordField : TextField;
            return <Control key={key} {...field} value={form[key]} onValueChange={set(key)} />;
          })}
          <Button type="submit" variant="primary" loading={saving}>
            {t('account.dialog.save')}
          </Button>
        </form>
        <AccountSessions sessions={sessions} />
        <DeleteAccount onDeleted={onDeleted} signIn={signIn} />
      </div>
    </Dialog>
  );
}
