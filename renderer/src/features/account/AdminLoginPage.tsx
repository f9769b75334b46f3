/** /admin/login (docs/api.md#pages): the admin key only, the auth-debug panel in a corner. */
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { CONNECT_ROUTE } from '../../../../redirector/contract/desktop';
import { BrandedCardHeader } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { SubmitButton } from '../../components/Button';
import { PasswordField, useAdminKeyReveal } from '../../components/Field';
import { Preferences } from '../../components/Preferences';
import { LoadingState } from '../../components/Spinner';
import { localiseMessage } from '../../i18n/messages';
import { useAuth } from '../../session/AdminSession';
import { AUTH_HASH } from '../../session/adminMarkers';
import { useDesktopSession } from '../../session/DesktopSession';
import { AuthDebugPanel } from './AuthDebugPanel';
import { RedirectingScreen } from './RedirectingScreen';

export function AdminLoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const desktop = useDesktopSession();
  const adminKeyReveal = useAdminKeyReveal();

  // The desktop app signs in on its Connect screen, which also says which server.
  if (desktop) return <Navigate to={CONNECT_ROUTE} replace />;
  if (auth.loading) return <LoadingState message={t('account.admin.loading')} />;
  if (auth.isAuthenticated && !busy) {
    return (
      <>
        <RedirectingScreen />
        <Navigate to="/admin" replace />
      </>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (key === '') {
      setError(t('account.admin.required'));
      return;
    }
    setBusy(true);
    setError(null);
    auth.clearMessage();
    const result = await auth.login(key);
    if (result.ok) {
      // The spec's hash marker travels with the URL (not where the hash is the route).
      const hash = auth.env.getHash() === undefined ? '' : `#${AUTH_HASH}`;
      navigate(`/admin${hash}`, { replace: true });
      return;
    }
    setBusy(false);
    setKey('');
    // Too many attempts and an unreachable server say so; anything else is the spec's message.
    setError(result.status === 429 || result.status === 0 ? localiseMessage(result.error) : t('account.admin.invalid'));
    formRef.current?.querySelector('input')?.focus();
  };

  return (
    <main className="auth-layout">
      <div className="auth-card">
        <BrandedCardHeader title={t('account.admin.title')} subtitle={t('account.admin.subtitle')} />
        {auth.message ? <Banner tone="warning">{auth.message}</Banner> : null}
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          <PasswordField
            label={t('account.admin.key')}
            name="adminKey"
            autoComplete="current-password"
            autoFocus
            required
            revealLabels={adminKeyReveal}
            value={key}
            error={error}
            onValueChange={(value) => {
              setKey(value);
              if (error) setError(null);
            }}
          />
          <SubmitButton
            block
            size="lg"
            busy={busy}
            label={t('account.admin.signIn')}
            busyLabel={t('account.admin.signingIn')}
          />
        </form>
        <div className="auth-card__footer">
          <Link to="/">{t('account.admin.home')}</Link>
        </div>
      </div>
      <AuthDebugPanel
        onForced={() => {
          auth.recheck();
          navigate('/admin');
        }}
      />
      {/* Last in the page, so the keyboard reaches the page itself first; drawn in the corner. */}
      <Preferences corner />
    </main>
  );
}
