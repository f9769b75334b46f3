/**
 * "Add user" on the Users screen (docs/api.md#accounts): name and email, and a password or none.
 * Without one the account waits for its owner, and the invitation link is shown to send them.
 */
import { useState } from 'react';
import type { NewUserResponse } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { useUserCalls } from '../../api/users';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { PasswordField, TextField } from '../../components/Field';

export function AddUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (user: NewUserResponse) => void;
}) {
  const calls = useUserCalls();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const body = { name: name.trim(), email: email.trim(), ...(password === '' ? {} : { password }) };
      onCreated(await calls.create(body));
    } catch (error) {
      setFailure(errorMessage(error, 'The user could not be added'));
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Add user"
      description="Leave the password empty to get an invitation link (valid 72 hours) where they choose one."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={saving} onClick={save}>
            Add user
          </Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <TextField label="Name" required value={name} onValueChange={setName} />
        <TextField label="Email" type="email" required value={email} onValueChange={setEmail} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 6 characters; empty: send an invitation"
          value={password}
          onValueChange={setPassword}
        />
      </form>
    </Dialog>
  );
}

/** The Users screen's "Add user" button and its dialog. */
export function AddUserButton({ onCreated }: { onCreated: (user: NewUserResponse) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Button variant="primary" icon="plus" onClick={() => setAdding(true)}>
        Add user
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
