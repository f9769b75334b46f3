/**
 * "Add user" on the Users screen (docs/api.md#accounts): name and email, and a password or none.
 * Without one the account waits for its owner, and the invitation link is shown to send them. With
 * PASSWORD_LOGIN=off there is no password to set: the dialog says the owner signs in with the
 * provider, whose verified email finds the account (docs/api.md#single-sign-on).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewUserResponse } from '../../../../redirector/contract';
import { useAccountCalls } from '../../api/account';
import { useBusyCall } from '../../api/useBusyCall';
import { useLoad } from '../../api/useLoad';
import { useUserCalls } from '../../api/users';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PasswordField, TextField } from '../../components/Field';
import { submitted } from '../../components/submitted';

export function AddUserDialog({
  onClose,
  onCreated,
  signInWith = null,
}: {
  onClose: () => void;
  onCreated: (user: NewUserResponse) => void;
  /** OIDC_NAME when password sign-in is off: no password field. */
  signInWith?: string | null;
}) {
  const { t } = useTranslation();
  const calls = useUserCalls();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const saving = useBusyCall(t('users.add.failed'), { leaves: true });
  const save = () =>
    saving.run(async () => {
      const body = { name: name.trim(), email: email.trim(), ...(password === '' ? {} : { password }) };
      onCreated(await calls.create(body));
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('users.add.title')}
      description={
        signInWith === null ? t('users.add.description') : t('users.add.descriptionSso', { provider: signInWith })
      }
      footer={
        <>
          <Button onClick={onClose}>{t('users.add.cancel')}</Button>
          <Button variant="primary" loading={saving.busy} onClick={save}>
            {t('users.add.title')}
          </Button>
        </>
      }
    >
      <form className="form" noValidate onSubmit={submitted(save)}>
        {saving.error ? <Banner tone="error">{saving.error}</Banner> : null}
        <TextField label={t('users.add.name')} required value={name} onValueChange={setName} />
        <TextField label={t('users.add.email')} type="email" required value={email} onValueChange={setEmail} />
        {signInWith === null ? (
          <PasswordField
            label={t('users.add.password')}
            autoComplete="new-password"
            hint={t('users.add.passwordHint')}
            value={password}
            onValueChange={setPassword}
          />
        ) : null}
      </form>
    </Dialog>
  );
}

/** The Users screen's "Add user" button and its dialog. */
export function AddUserButton({
  onCreated,
  signInWith,
}: {
  onCreated: (user: NewUserResponse) => void;
  /** OIDC_NAME when password sign-in is off (useSignInOnly). */
  signInWith: string | null;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button variant="primary" icon="plus" onClick={() => setAdding(true)}>
        {t('users.add.title')}
      </Button>
      {adding ? (
        <AddUserDialog
          signInWith={signInWith}
          onClose={() => setAdding(false)}
          onCreated={(user) => {
            setAdding(false);
            onCreated(user);
          }}
        />
      ) : null}
    </>
  );
}

/** OIDC_NAME when password sign-in is off (accounts sign in only with the provider), else null. */
export function useSignInOnly(): string | null {
  const account = useAccountCalls();
  const config = useLoad((signal) => account.serviceConfig(signal));
  return config.data?.password_login === false ? (config.data.sso?.name ?? null) : null;
}
