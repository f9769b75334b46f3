/**
 * '/dashboard' (docs/api.md#pages, "User dashboard"): the signed-in user's links (DashboardLinks),
 * the domain dialog and per-link analytics (?link=<id> beside the list state, so Back in the browser
 * returns to the same page of the list).
 */
import { useCallback, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from '../../../redirector/contract';
import { CredentialProvider } from '../api/ApiProvider';
import { useAccountCalls } from '../api/account';
import { useAnalyticsCalls, useOwnLinkStats } from '../api/analytics';
import { useDomain } from '../api/domains';
import { AppHeader } from '../components/AppHeader';
import { Button } from '../components/Button';
import { DomainDialog } from '../features/account/DomainDialog';
import { withoutRange } from '../features/analytics/dateRange';
import { UserLinkAnalyticsView } from '../features/analytics/UserLinkAnalyticsView';
import { useDateRange } from '../features/analytics/useDateRange';
import { ApiKeysDialog } from '../features/keys/ApiKeysDialog';
import { DashboardLinks } from '../features/links/DashboardLinks';
import { linkHost, serviceOrigin } from '../format/shortUrl';
import { type UserSession, useSession } from '../session/userSession';

export function DashboardPage() {
  const { session, clear, updateUser } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <SignedIn key={session.token} session={session} onSignedOut={clear} updateUser={updateUser} />;
}

/** The session hands its token to the API; a 401 on any call signs the user out. */
function SignedIn(props: DashboardProps) {
  const navigate = useNavigate();
  const { onSignedOut } = props;
  // A 401 means the stored session is no longer valid: forget it and sign in again.
  const signOut = useCallback(() => {
    onSignedOut();
    navigate('/login', { replace: true });
  }, [navigate, onSignedOut]);
  return (
    <CredentialProvider credential={{ token: props.session.token }} onUnauthorized={signOut}>
      <Dashboard {...props} />
    </CredentialProvider>
  );
}

interface DashboardProps {
  session: UserSession;
  onSignedOut: () => void;
  updateUser: (patch: Partial<User>) => void;
}

function Dashboard({ session, onSignedOut, updateUser }: DashboardProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const account = useAccountCalls();
  const analytics = useAnalyticsCalls();
  const selectedId = Number(params.get('link')) || null;
  const dateRange = useDateRange();
  const stats = useOwnLinkStats(selectedId, dateRange.range);
  const domain = useDomain(
    {
      customDomain: session.user.custom_domain ?? null,
      publicUrl: serviceOrigin(),
      defaultDomain: new URL(serviceOrigin()).hostname,
      verification: null,
    },
    (customDomain) => updateUser({ custom_domain: customDomain }),
  );
  const [domainOpen, setDomainOpen] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  const defaultHost = linkHost(null, domain.publicUrl);
  const showLink = (linkId: string | null) =>
    setParams((current) => {
      // The range belongs to the link's view: the list never shows it.
      const next = linkId === null ? withoutRange(current) : new URLSearchParams(current);
      if (linkId === null) next.delete('link');
      else next.set('link', linkId);
      return next;
    });

  const logout = () => {
    account.logout({ token: session.token }).catch(() => undefined);
    onSignedOut();
    navigate('/login');
  };

  return (
    <>
      <AppHeader
        title="Me"
        homeHref="/dashboard"
        greeting={`Welcome, ${session.user.name}`}
        actions={
          <>
            <Button icon="globe" onClick={() => setDomainOpen(true)}>
              Domain
            </Button>
            <Button icon="shield" onClick={() => setKeysOpen(true)}>
              API Keys
            </Button>
            <Button variant="ghost" icon="logout" onClick={logout}>
              Logout
            </Button>
          </>
        }
      />
      <main className="page">
        <div className="container">
          {selectedId !== null ? (
            <UserLinkAnalyticsView
              state={stats.state}
              onBack={() => showLink(null)}
              onRetry={stats.retry}
              dateRange={dateRange}
              exportClicks={() => analytics.clicksCsv(selectedId, dateRange.range)}
            />
          ) : (
            <DashboardLinks
              domains={{ defaultHost: defaultHost.domain, verified: domain.verifiedDomain }}
              onAnalytics={(link) => showLink(String(link.id))}
            />
          )}
        </div>
      </main>
      {domainOpen ? (
        <DomainDialog
          customDomain={domain.customDomain}
          verification={domain.verification}
          defaultDomain={domain.defaultDomain}
          defaultHost={defaultHost}
          onClose={() => setDomainOpen(false)}
          onSave={domain.save}
          onVerify={domain.verify}
          onRemove={domain.remove}
        />
      ) : null}
      {keysOpen ? <ApiKeysDialog onClose={() => setKeysOpen(false)} /> : null}
    </>
  );
}
