/**
 * '/dashboard' (product spec §2 "User dashboard", §4): the signed-in user's links, the link form,
 * the domain dialog and per-link analytics (?link=<id>, so Back in the browser returns to the list).
 */
import { useCallback, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from '../../../../redirector/contract';
import { useDomain, useUserCalls, useUserLinkStats, useUserLinks } from '../../api/userQueries';
import { AppHeader } from '../../components/AppHeader';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { LoadingState } from '../../components/Spinner';
import { DomainDialog } from '../account/DomainDialog';
import { type UserSession, useSession } from '../account/useSession';
import { UserLinkAnalyticsView } from '../analytics/UserLinkAnalyticsView';
import { LinkFormDialog } from './LinkFormDialog';
import { SummaryCards } from './SummaryCards';
import { linkHost, serviceOrigin } from './shortUrl';
import { UserLinksCard } from './UserLinksCard';
import { useUserLinkEditing } from './useUserLinkEditing';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this link? This action cannot be undone.';

export function DashboardPage() {
  const { session, clear, updateUser } = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Dashboard key={session.token} session={session} onSignedOut={clear} updateUser={updateUser} />;
}

interface DashboardProps {
  session: UserSession;
  onSignedOut: () => void;
  updateUser: (patch: Partial<User>) => void;
}

function Dashboard({ session, onSignedOut, updateUser }: DashboardProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // A 401 means the stored session is no longer valid: forget it and sign in again.
  const signOut = useCallback(() => {
    onSignedOut();
    navigate('/login', { replace: true });
  }, [navigate, onSignedOut]);
  const calls = useUserCalls(session.token, signOut);
  const list = useUserLinks(calls);
  const editing = useUserLinkEditing(calls, list);
  const selectedId = Number(params.get('link')) || null;
  const stats = useUserLinkStats(calls, selectedId);
  const domain = useDomain(
    calls,
    {
      customDomain: session.user.custom_domain ?? null,
      publicUrl: serviceOrigin(),
      defaultDomain: new URL(serviceOrigin()).hostname,
    },
    (customDomain) => updateUser({ custom_domain: customDomain }),
  );
  const [domainOpen, setDomainOpen] = useState(false);
  const host = linkHost(domain.customDomain, domain.publicUrl);
  const { links } = list;

  const logout = () => {
    calls.logout().catch(() => undefined);
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
            <Button variant="ghost" icon="logout" onClick={logout}>
              Logout
            </Button>
          </>
        }
      />
      <main className="page">
        <div className="container">
          {links === null ? (
            <LoadingState message="Loading dashboard..." />
          ) : selectedId !== null ? (
            <UserLinkAnalyticsView state={stats.state} host={host} onBack={() => setParams({})} onRetry={stats.retry} />
          ) : (
            <div className="stack stack--lg">
              <SummaryCards links={links} />
              {list.error ? (
                <Banner tone="error" onDismiss={() => list.setError(null)}>
                  {list.error}
                </Banner>
              ) : null}
              <UserLinksCard
                links={links}
                host={host}
                loadFailed={list.loadFailed}
                onCreate={editing.openCreate}
                onRetry={() => list.reload()}
                onAnalytics={(link) => setParams({ link: String(link.id) })}
                onEdit={editing.openEdit}
                onDelete={editing.askDelete}
              />
            </div>
          )}
        </div>
      </main>
      {editing.form.mode !== 'closed' ? (
        <LinkFormDialog
          key={editing.form.mode === 'edit' ? `edit-${editing.form.link.id}` : 'create'}
          link={editing.form.mode === 'edit' ? editing.form.link : null}
          domain={host.domain}
          onClose={editing.closeForm}
          onSubmit={editing.save}
        />
      ) : null}
      {domainOpen ? (
        <DomainDialog
          customDomain={domain.customDomain}
          defaultDomain={domain.defaultDomain}
          defaultHost={linkHost(null, domain.publicUrl)}
          onClose={() => setDomainOpen(false)}
          onSave={async (value) => {
            const saved = await domain.save(value);
            setDomainOpen(false);
            return saved;
          }}
          onRemove={domain.remove}
        />
      ) : null}
      <ConfirmDialog
        open={editing.deleting !== null}
        title="Delete link"
        message={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={editing.deleting?.busy ?? false}
        onConfirm={editing.confirmDelete}
        onCancel={editing.cancelDelete}
      />
    </>
  );
}
