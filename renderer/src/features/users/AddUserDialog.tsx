/**
 * "Add user" on the Users screen (docs/api.md#accounts): name and email, and a password or none.
 * Without one the account waits for its owner, and the invitation link is shown to send them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewUserResponse } from '../../../../redirector/contract';
import { useBusyCall } from '../../api/useBusyCall';
import { useUserCalls } from '../../api/users';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PasswordField, TextField } from '../../components/Field';
import { submitted } from '../../components/submitted';

export function AddUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (user: NewUserResponse) => void;
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
      description={t('users.add.description')}
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
        <PasswordField
          label={t('users.add.password')}
          autoComplete="new-password"
          hint={t('users.add.passwordHint')}
          value={password}
          onValueChange={setPassword}
        />
      </form>
    </Dialog>
  );
}

/** The Users screen's "Add user" button and its dialog. */
export function AddUserButton({ onCreated }: { onCreated: (user: NewUserResponse) => void }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button variant="primary" icon="plus" onClick={() => setAdding(true)}>
        {t('users.add.title')}
      </Button>
      {adding ? (
        <AddUserDialog
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
