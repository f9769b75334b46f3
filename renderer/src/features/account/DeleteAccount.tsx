/**
 * Deleting one's own account (docs/api.md#accounts): links, clicks, keys, webhooks and domain go
 * with it. An account with a password confirms with it; one without (single sign-on's) with a
 * sign-in of the last 10 minutes (docs/api.md#confirming-without-a-password): past that, the
 * dialog offers the provider's button to sign in again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_AGAIN_TO_CONFIRM } from '../../../../redirector/contract/account';
import { ApiError } from '../../api/client';
import { useOwnAccountCalls } from '../../api/ownAccount';
import { useBusyCall } from '../../api/useBusyCall';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { PasswordField } from '../../components/Field';

/** How an account without a password confirms: whether its session is recent, and the provider's start. */
export interface RecentSignIn {
  /** Whether this session started within RECENT_SIGN_IN_MS (the server decides in the end). */
  recent: boolean;
  /** The provider's name (OIDC_NAME) and GET /api/auth/oidc/start; null without single sign-on. */
  sso: { name: string; startUrl: string } | null;
}

/** The server's refusal of a session too old to confirm. */
const tooOld = (error: unknown) =>
  error instanceof ApiError && (error.body as { error?: unknown } | undefined)?.error === SIGN_IN_AGAIN_TO_CONFIRM;

/** Without a password: what confirms, or the way to sign in again. */
function NoPasswordConfirm({ signIn, stale }: { signIn: RecentSignIn; stale: boolean }) {
  const { t } = useTranslation();
  if (!stale) return <Banner tone="info">{t('account.delete.recent')}</Banner>;
  return (
    <>
      <Banner tone="warning">{t('account.delete.signInAgain')}</Banner>
      {signIn.sso ? (
        <div>
          <a className={buttonClass({ variant: 'secondary' })} href={signIn.sso.startUrl}>
            {t('account.sso.button', { name: signIn.sso.name })}
          </a>
        </div>
      ) : null}
    </>
  );
}

/** `signIn`: null for an account with a password (it confirms with it). */
export function DeleteAccount({ onDeleted, signIn }: { onDeleted: () => void; signIn: RecentSignIn | null }) {
  const { t } = useTranslation();
  const calls = useOwnAccountCalls();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(false);
  const deletion = useBusyCall(t('account.delete.failed'), { leaves: true });
  const stale = signIn !== null && (refused || !signIn.recent);
  const remove = () =>
    deletion.run(async () => {
      try {
        await calls.remove(signIn === null ? password : undefined);
      } catch (error) {
        if (tooOld(error)) setRefused(true);
        throw error;
      }
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
          {deletion.error && !stale ? <Banner tone="error">{deletion.error}</Banner> : null}
          {signIn === null ? (
            <PasswordField
              label={t('account.delete.password')}
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
            />
          ) : (
            <NoPasswordConfirm signIn={signIn} stale={stale} />
          )}
          <div className="btn-group">
            <Button
              variant="danger"
              loading={deletion.busy}
              disabled={signIn === null ? password === '' : stale}
              onClick={remove}
            >
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
