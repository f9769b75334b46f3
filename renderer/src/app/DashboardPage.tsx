/**
 * '/dashboard' (docs/api.md#pages, "User dashboard"): the signed-in user's links (DashboardLinks),
 * "My page" (?view=hub, docs/api.md#the-hub), the domain dialog and per-link analytics (?link=<id> beside the list state, so Back in the browser
 * returns to the same page of the list). In a shared team, the hub and the domain are the team's
 * (docs/api.md#hubs-in-the-ui).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from '../../../redirector/contract';
import { CredentialProvider } from '../api/ApiProvider';
import { useAccountCalls } from '../api/account';
import { useAnalyticsCalls, useOwnLinkStats } from '../api/analytics';
import { teamDomainsOf, useDomain } from '../api/domains';
import { AppHeader } from '../components/AppHeader';
import { Button } from '../components/Button';
import { mayLeave } from '../components/leaveGuard';
import { LoadingState } from '../components/Spinner';
import { AccountDialog } from '../features/account/AccountDialog';
import { DomainDialog } from '../features/account/DomainDialog';
import { DateRangeControl } from '../features/analytics/DateRangeControl';
import { withoutRange } from '../features/analytics/dateRange';
import { UserLinkAnalyticsView } from '../features/analytics/UserLinkAnalyticsView';
import { useDateRange } from '../features/analytics/useDateRange';
import { HubEditor } from '../features/hub/HubEditor';
import { HUB_TEXTS } from '../features/hub/hubTexts';
import { ApiKeysDialog } from '../features/keys/ApiKeysDialog';
import { DashboardLinks } from '../features/links/DashboardLinks';
import { QrCodeDialog } from '../features/links/QrCodeDialog';
import { TeamDialog } from '../features/teams/TeamDialog';
import { TeamSwitcher, teamLabel } from '../features/teams/TeamSwitcher';
import {
  TeamProvider,
  teamHeaderOf,
  useMoveTargets,
  useTeamChoice,
  useTeamPermissions,
} from '../features/teams/teamChoice';
import { WebhooksDialog } from '../features/webhooks/WebhooksDialog';
import { linkHost, serviceOrigin } from '../format/shortUrl';
import { browserMarkerEnv, clearMarkers, findApiKey } from '../session/adminMarkers';
import { type UserSession, useSession } from '../session/userSession';
import { AuditLogDialog } from './AuditScreens';

export function DashboardPage() {
  const { session, clear, updateUser } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <SignedIn key={session.token} session={session} onSignedOut={clear} updateUser={updateUser} />;
}

/**
 * The session hands its token and the chosen team to the API; a 401 on any call signs the user out.
 * Another team remounts the dashboard, so every screen loads again in it.
 */
function SignedIn(props: DashboardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { onSignedOut } = props;
  // A 401 means the stored session is no longer valid: forget it and sign in again.
  const signOut = useCallback(() => {
    onSignedOut();
    navigate('/login', { replace: true });
  }, [navigate, onSignedOut]);
  const teams = useTeamChoice(props.session.token, props.session.user.id, signOut);
  if (teams.loading) return <LoadingState message={t('app.loadingPage')} />;
  return (
    <CredentialProvider
      credential={{ token: props.session.token, team: teamHeaderOf(teams.chosen) }}
      onUnauthorized={signOut}
    >
      <TeamProvider choice={teams}>
        <Dashboard key={teams.chosen?.id ?? 'personal'} {...props} />
      </TeamProvider>
    </CredentialProvider>
  );
}

interface DashboardProps {
  session: UserSession;
  onSignedOut: () => void;
  updateUser: (patch: Partial<User>) => void;
}

/**
 * What the dashboard shows, kept in the address: the list, a link's analytics (?link=) or "My page"
 * (?view=hub). The range belongs to the views that show one: the list never shows it.
 */
function useDashboardView() {
  const [params, setParams] = useSearchParams();
  const showHub = (open: boolean) =>
    setParams((current) => {
      const next = withoutRange(current);
      if (open) next.set('view', 'hub');
      else next.delete('view');
      return next;
    });
  const showLink = (linkId: string | null) =>
    setParams((current) => {
      const next = linkId === null ? withoutRange(current) : new URLSearchParams(current);
      if (linkId === null) next.delete('link');
      else next.set('link', linkId);
      return next;
    });
  return { selectedId: Number(params.get('link')) || null, hubOpen: params.get('view') === 'hub', showHub, showLink };
}

type DashboardDialog = 'team' | 'domain' | 'keys' | 'webhooks' | 'audit' | 'account';

/**
 * The header's buttons that open a dialog: its name (also its label's key in `app.dialogs`), icon,
 * and who sees it: the custom domain every member (only owners change it), keys, webhooks and the
 * audit log owners (docs/api.md#roles).
 */
const DIALOG_BUTTONS = [
  ['team', 'users', 'all'],
  ['domain', 'globe', 'all'],
  ['keys', 'shield', 'owners'],
  ['webhooks', 'external', 'owners'],
  ['audit', 'clock', 'owners'],
  ['account', 'users', 'all'],
] as const;

/** Signs out: the session is revoked; after a sign-in through the provider, its sign-out follows. */
function useLogout(session: DashboardProps['session'], onSignedOut: () => void): () => void {
  const navigate = useNavigate();
  const account = useAccountCalls();
  return () => {
    const revoked = account.logout({ token: session.token }).catch(() => undefined);
    onSignedOut();
    if (!session.sso) {
      navigate('/login');
      return;
    }
    // Signed in through the provider: the administrator session it may have given ends too
    // (docs/api.md#single-sign-on), then the provider signs out, once both are revoked.
    const markers = browserMarkerEnv(window, { hashRouter: true });
    const adminKey = findApiKey(markers);
    clearMarkers(markers);
    const adminRevoked = adminKey ? account.logout({ apiKey: adminKey }).catch(() => undefined) : undefined;
    void Promise.all([revoked, adminRevoked]).then(() => window.location.assign(account.ssoLogoutUrl()));
  };
}

function Dashboard({ session, onSignedOut, updateUser }: DashboardProps) {
  const { t } = useTranslation();
  const { selectedId, hubOpen, showHub, showLink } = useDashboardView();
  const analytics = useAnalyticsCalls();
  const dateRange = useDateRange();
  const stats = useOwnLinkStats(selectedId, dateRange.range);
  const team = useTeamPermissions();
  // The domain of the chosen team: the user's own in the personal team (kept in the session too).
  const domain = useDomain(
    {
      customDomain: team.personal ? (session.user.custom_domain ?? null) : null,
      publicUrl: serviceOrigin(),
      defaultDomain: new URL(serviceOrigin()).hostname,
      verification: null,
    },
    (customDomain) => (team.personal ? updateUser({ custom_domain: customDomain }) : undefined),
  );
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  const moveTargets = useMoveTargets().map((target) => ({ id: target.id, label: teamLabel(target) }));
  const closeDialog = () => setDialog(null);
  const defaultHost = linkHost(null, domain.publicUrl);
  const logout = useLogout(session, onSignedOut);

  return (
    <>
      <AppHeader
        title="Me"
        homeHref="/dashboard"
        greeting={t('app.welcome', { name: session.user.name })}
        actions={<HeaderActions hubOpen={hubOpen} onHub={() => showHub(true)} onDialog={setDialog} onLogout={logout} />}
      />
      <main className="page">
        <div className="container">
          {hubOpen ? (
            <MyPage
              userName={session.user.name}
              origin={domain.publicUrl}
              verifiedDomain={domain.verifiedDomain}
              onBack={() => showHub(false)}
            />
          ) : selectedId !== null ? (
            <UserLinkAnalyticsView
              state={stats.state}
              onBack={() => showLink(null)}
              onRetry={stats.retry}
              dateRange={dateRange}
              exportClicks={() => analytics.clicksCsv(selectedId, dateRange.range)}
            />
          ) : (
            <DashboardLinks
              domains={{
                defaultHost: defaultHost.domain,
                verified: domain.verifiedDomain,
                allowed: domain.allowedDomains,
              }}
              readOnly={!team.changesLinks}
              sharedTeam={team.shared?.id}
              moveTargets={moveTargets}
              onAnalytics={(link) => showLink(String(link.id))}
            />
          )}
        </div>
      </main>
      {dialog === 'domain' ? (
        <DomainDialog
          customDomain={domain.customDomain}
          verification={domain.verification}
          defaultDomain={domain.defaultDomain}
          defaultHost={defaultHost}
          onClose={closeDialog}
          onSave={domain.save}
          onVerify={domain.verify}
          onRemove={domain.remove}
          teamName={team.shared?.name}
          readOnly={!team.manages}
        />
      ) : null}
      {dialog === 'team' ? <TeamDialog userId={session.user.id} onClose={closeDialog} /> : null}
      {dialog === 'keys' ? <ApiKeysDialog domains={teamDomainsOf(domain)} onClose={closeDialog} /> : null}
      {dialog === 'webhooks' ? <WebhooksDialog onClose={closeDialog} /> : null}
      {dialog === 'audit' ? <AuditLogDialog onClose={closeDialog} /> : null}
      {dialog === 'account' ? (
        <AccountDialog user={session.user} onClose={closeDialog} onSaved={updateUser} onDeleted={logout} />
      ) : null}
    </>
  );
}

interface HeaderActionsProps {
  hubOpen: boolean;
  onHub: () => void;
  onDialog: (dialog: DashboardDialog) => void;
  onLogout: () => void;
}

/** The header's switcher and buttons, those the chosen team's role may use (DIALOG_BUTTONS). */
function HeaderActions({ hubOpen, onHub, onDialog, onLogout }: HeaderActionsProps) {
  const { t } = useTranslation();
  const team = useTeamPermissions();
  const shown = (who: 'all' | 'owners') => who === 'all' || team.manages;
  return (
    <>
      <TeamSwitcher />
      <Button icon="home" onClick={onHub} aria-pressed={hubOpen}>
        {team.personal ? HUB_TEXTS.button : t('hub.team.button')}
      </Button>
      {DIALOG_BUTTONS.filter(([, , who]) => shown(who)).map(([name, icon]) => (
        <Button key={name} icon={icon} onClick={() => onDialog(name)}>
          {t(name === 'team' ? 'teams.button' : `app.dialogs.${name}`)}
        </Button>
      ))}
      <Button variant="ghost" icon="logout" onClick={() => mayLeave() && onLogout()}>
        {t('common.logout')}
      </Button>
    </>
  );
}

interface MyPageProps {
  userName: string;
  origin: string;
  verifiedDomain: string | null;
  onBack: () => void;
}

/**
 * "My page", or the chosen shared team's page, with what other features draw for it: the date range
 * control and the QR code dialog.
 */
function MyPage({ userName, origin, verifiedDomain, onBack }: MyPageProps) {
  const dateRange = useDateRange();
  const team = useTeamPermissions();
  return (
    <HubEditor
      userName={userName}
      team={team.shared}
      readOnly={!team.changesHub}
      verifiedDomain={verifiedDomain}
      origin={origin}
      onBack={onBack}
      range={dateRange.range}
      rangeControl={<DateRangeControl choice={dateRange.choice} range={dateRange.range} onChange={dateRange.select} />}
      renderQr={(url, onClose) => <QrCodeDialog url={url} shortCode="my-page" onClose={onClose} />}
    />
  );
}
