/** Deleting one's own account (docs/api.md#accounts): links, clicks, keys, webhooks and domain go with it. */
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useOwnAccountCalls } from '../../api/ownAccount';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';

export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const calls = useOwnAccountCalls();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await calls.remove(password);
      onDeleted();
    } catch (error) {
      setFailure(errorMessage(error, 'The account could not be deleted'));
      setDeleting(false);
    }
  };
  return (
    <section className="stack stack--sm" aria-label="Delete account">
      <h3>Delete account</h3>
      {asking ? (
        <>
          <Banner tone="error" title="This cannot be undone">
            Your links, their clicks, your API keys, webhooks and domain are deleted with the account.
          </Banner>
          {failure ? <Banner tone="error">{failure}</Banner> : null}
          <PasswordField
            label="Password to confirm"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          <div className="btn-group">
            <Button variant="danger" loading={deleting} disabled={password === ''} onClick={remove}>
              Delete my account
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button variant="danger" onClick={() => setAsking(true)}>
            Delete account...
          </Button>
        </div>
      )}
    </section>
  );
}
