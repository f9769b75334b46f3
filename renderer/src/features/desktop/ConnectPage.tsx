/**
 * #/connect, the desktop app's "Connect to your Me server" screen: first start, "Change server…",
 * and where a signed-out or refused session lands. In the browser build there is no bridge, so
 * the route leads home.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { ADMIN_ROUTE } from '../../../../redirector/contract/desktop';
import { useBusyCall } from '../../api/useBusyCall';
import { BrandedCardHeader } from '../../components/AuthLayout';
import { Banner } from '../../components/Banner';
import { ButtonLink } from '../../components/Button';
import { Preferences } from '../../components/Preferences';
import { type DesktopSessionValue, useDesktopSession } from '../../session/DesktopSession';
import { AlertThresholdForm } from './AlertThresholdForm';
import { ConnectForm } from './ConnectForm';
import { initialAddress, sessionOnlyNotice } from './desktopTexts';
import { KnownServersList } from './KnownServersList';

export function ConnectPage() {
  const desktop = useDesktopSession();
  return desktop ? <ConnectScreen desktop={desktop} /> : <Navigate to="/" replace />;
}

function ConnectScreen({ desktop }: { desktop: DesktopSessionValue }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, notice } = desktop;
  // Picking a signed-out server puts its address in the form (a new key fills a remounted form).
  const [address, setAddress] = useState(() => initialAddress(state));
  const { busy, error: listError, run: listAction } = useBusyCall((error) => (error as Error).message);
  const activate = (baseUrl: string) =>
    listAction(async () => {
      const next = await desktop.change({ kind: 'activate', baseUrl });
      desktop.clearNotice();
      if (next.token) navigate(ADMIN_ROUTE);
      else setAddress(baseUrl);
    });
  const forget = (baseUrl: string) =>
    listAction(async () => {
      await desktop.change({ kind: 'forget', baseUrl });
    });
  const signedIn = state.activeServer !== null && state.token !== null;

  return (
    <main className="auth-layout connect">
      <div className="auth-card connect__card">
        <BrandedCardHeader title={t('desktop.title')} subtitle={t('desktop.subtitle')} />
        {notice ? <Banner tone="warning">{notice}</Banner> : null}
        {state.tokenStorage === 'session-only' ? (
          <Banner tone="info" title={t('desktop.sessionOnlyTitle')}>
            {sessionOnlyNotice()}
          </Banner>
        ) : null}
        <ConnectForm
          key={address}
          initialAddress={address}
          onConnected={async (connected) => {
            await desktop.change({ kind: 'connect', ...connected });
            desktop.clearNotice();
            navigate(ADMIN_ROUTE);
          }}
        />
        {signedIn ? (
          <div className="auth-card__footer">
            <ButtonLink to={ADMIN_ROUTE} variant="ghost" icon="arrowLeft">
              {t('desktop.backTo', { server: state.activeServer })}
            </ButtonLink>
          </div>
        ) : null}
      </div>

      {state.servers.length > 0 ? (
        <section className="auth-card connect__card" aria-labelledby="connect-servers">
          <h2 id="connect-servers" className="card__title">
            {t('desktop.servers.title')}
          </h2>
          {listError ? <Banner tone="error">{listError}</Banner> : null}
          <KnownServersList
            servers={state.servers}
            activeServer={state.activeServer}
            busy={busy}
            onActivate={activate}
            onForget={forget}
          />
        </section>
      ) : null}

      <section className="auth-card connect__card" aria-labelledby="connect-alert">
        <h2 id="connect-alert" className="card__title">
          {t('desktop.alert.title')}
        </h2>
        <AlertThresholdForm
          current={state.clicksPerMinuteAlert}
          onSave={(clicksPerMinute) => desktop.change({ kind: 'alert', clicksPerMinute })}
        />
      </section>
      {/* Last in the page, so the keyboard reaches the page itself first; drawn in the corner. */}
      <Preferences corner />
    </main>
  );
}
