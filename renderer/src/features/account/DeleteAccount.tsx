/** Deleting one's own account (docs/api.md#accounts): links, clicks, keys, webhooks and domain go with it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnAccountCalls } from '../../api/ownAccount';
import { useBusyCall } from '../../api/useBusyCall';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';

export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation();
  const calls = useOwnAccountCalls();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const deletion = useBusyCall(t('account.delete.failed'), { leaves: true });
  const remove = () =>
    deletion.run(async () => {
      await calls.remove(password);
      onDeleted();
    });
  return (
    <section className="stack stack--sm" aria-label={t('account.delete.title')}>
      <h3>{t('account.delete.title')}</h3>
      {asking ? (
        <>
          <Banner tone="error" title={t('account.delete.warningTitle')}>
            {t('account.delete.warning')}
          </Banner>
          {deletion.error ? <Banner tone="error">{deletion.error}</Banner> : null}
          <PasswordField
            label={t('account.delete.password')}
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          <div className="btn-group">
            <Button variant="danger" loading={deletion.busy} disabled={password === ''} onClick={remove}>
              {t('account.delete.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('account.delete.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button variant="danger" onClick={() => setAsking(true)}>
            {t('account.delete.ask')}
          </Button>
        </div>
      )}
    </section>
  );
}
