/**
 * '/dashboard' (product spec §2 "User dashboard", §4): the signed-in user's links, the link form,
 * the domain dialog and per-link analytics (?link=<id>, so Back in the browser returns to the list).
 */
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { Link, User, UserLinkAnalyticsResponse } from '../../../../redirector/contract';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorMessage } from '../../api/client';
import { AppHeader } from '../../components/AppHeader';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadingState } from '../../components/Spinner';
import { browserTimeZone } from '../../format/dates';
import { DomainDialog } from '../account/DomainDialog';
import { type UserSession, useSession } from '../account/useSession';
import { LinkAnalyticsView, type LinkAnalyticsViewProps } from '../analytics/UserLinkAnalyticsView';
import { LinkFormDialog } from './LinkFormDialog';
import { LinksTable } from './LinksTable';
import { linkInputFromForm } from './linkForm';
import { SummaryCards } from './SummaryCards';
import { linkHost, serviceOrigin } from './shortUrl';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this link? This action cannot be undone.';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; link: Link };

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
  const api = useApi();
  const navigate = useNavigate();
  const { token } = session;
  const [params, setParams] = useSearchParams();
  const [links, setLinks] = useState<Link[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [domainOpen, setDomainOpen] = useState(false);
  const [customDomain, setCustomDomain] = useState<string | null>(session.user.custom_domain ?? null);
  const [publicUrl, setPublicUrl] = useState<string>(serviceOrigin);
  const [defaultDomain, setDefaultDomain] = useState<string>(() => new URL(serviceOrigin()).hostname);
  const [deleting, setDeleting] = useState<{ link: Link; busy: boolean } | null>(null);
  const [analytics, setAnalytics] = useState<LinkAnalyticsViewProps['state']>({ status: 'loading' });

  const host = linkHost(customDomain, publicUrl);
  const selectedId = Number(params.get('link')) || null;

  /** A 401 means the stored session is no longer valid: forget it and sign in again. */
  const signOutIfUnauthorized = useCallback(
    (caught: unknown): boolean => {
      if (caught instanceof ApiError && caught.status === 401) {
        onSignedOut();
        navigate('/login', { replace: true });
        return true;
      }
      return false;
    },
    [navigate, onSignedOut],
  );

  const loadLinks = useCallback(
    (signal?: AbortSignal) => {
      setLoadFailed(false);
      api.user
        .listLinks(token, signal)
        .then((loaded) => {
          setLinks(loaded);
          setError((current) => (current === 'Failed to load links' ? null : current));
        })
        .catch((caught: unknown) => {
          if (signal?.aborted || signOutIfUnauthorized(caught)) return;
          setLinks((current) => current ?? []);
          setLoadFailed(true);
          setError('Failed to load links');
        });
    },
    [api, token, signOutIfUnauthorized],
  );

  useEffect(() => {
    const controller = new AbortController();
    loadLinks(controller.signal);
    api.user
      .getDomain(token, controller.signal)
      .then((answer) => {
        setCustomDomain(answer.domain);
        if (answer.default_domain) setDefaultDomain(answer.default_domain);
        if (answer.public_url) setPublicUrl(answer.public_url);
      })
      .catch((caught: unknown) => {
        // The spec logs a failed domain fetch and shows nothing.
        if (!controller.signal.aborted) console.error('Failed to fetch domain', caught);
      });
    return () => controller.abort();
  }, [api, token, loadLinks]);

  const loadAnalytics = useCallback(
    (linkId: number, signal?: AbortSignal) => {
      setAnalytics({ status: 'loading' });
      api.user
        .linkAnalytics(token, linkId, browserTimeZone(), signal)
        .then((data: UserLinkAnalyticsResponse) => setAnalytics({ status: 'ready', data }))
        .catch((caught: unknown) => {
          if (signal?.aborted || signOutIfUnauthorized(caught)) return;
          setAnalytics({ status: 'error', message: 'Failed to load analytics' });
        });
    },
    [api, token, signOutIfUnauthorized],
  );

  useEffect(() => {
    if (selectedId === null) return;
    const controller = new AbortController();
    loadAnalytics(selectedId, controller.signal);
    return () => controller.abort();
  }, [selectedId, loadAnalytics]);

  const logout = () => {
    api.user.logout(token).catch(() => undefined);
    onSignedOut();
    navigate('/login');
  };

  const saveLink: Parameters<typeof LinkFormDialog>[0]['onSubmit'] = async (values, editing) => {
    const input = linkInputFromForm(values);
    try {
      if (editing) {
        const saved = await api.user.updateLink(token, editing.id, input);
        setLinks((current) => (current ?? []).map((link) => (link.id === saved.id ? saved : link)));
      } else {
        const saved = await api.user.createLink(token, input);
        setLinks((current) => [saved, ...(current ?? [])]);
      }
      setForm({ mode: 'closed' });
    } catch (caught) {
      if (signOutIfUnauthorized(caught)) return;
      throw caught;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { link } = deleting;
    setDeleting({ link, busy: true });
    try {
      await api.user.deleteLink(token, link.id);
      setLinks((current) => (current ?? []).filter((item) => item.id !== link.id));
    } catch (caught) {
      if (signOutIfUnauthorized(caught)) return;
      setError(errorMessage(caught, 'Failed to delete link'));
    }
    setDeleting(null);
  };

  const saveDomain = async (value: string) => {
    try {
      const saved = await api.user.setDomain(token, value);
      setCustomDomain(saved);
      updateUser({ custom_domain: saved });
      setDomainOpen(false);
      return saved;
    } catch (caught) {
      if (signOutIfUnauthorized(caught)) return value;
      throw caught;
    }
  };

  const removeDomain = async () => {
    try {
      await api.user.removeDomain(token);
      setCustomDomain(null);
      updateUser({ custom_domain: null });
    } catch (caught) {
      if (signOutIfUnauthorized(caught)) return;
      throw caught;
    }
  };

  const openCreate = () => setForm({ mode: 'create' });

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
            <LinkAnalyticsView
              state={analytics}
              host={host}
              onBack={() => setParams({})}
              onRetry={() => loadAnalytics(selectedId)}
            />
          ) : (
            <div className="stack stack--lg">
              <SummaryCards links={links} />
              {error ? (
                <Banner tone="error" onDismiss={() => setError(null)}>
                  {error}
                </Banner>
              ) : null}
              <Card
                title="Your Links"
                subtitle={`Short links on ${host.domain}`}
                flush
                actions={
                  <Button variant="primary" icon="plus" onClick={openCreate}>
                    Create New Link
                  </Button>
                }
              >
                {loadFailed && links.length === 0 ? (
                  <EmptyState
                    icon="refresh"
                    title="Your links could not be loaded"
                    description="Check your connection, then try again."
                    action={
                      <Button icon="refresh" onClick={() => loadLinks()}>
                        Retry
                      </Button>
                    }
                  />
                ) : links.length === 0 ? (
                  <EmptyState
                    title="No links yet"
                    description="Get started by creating your first link."
                    action={
                      <Button variant="primary" icon="plus" onClick={openCreate}>
                        Create Link
                      </Button>
                    }
                  />
                ) : (
                  <LinksTable
                    links={links}
                    host={host}
                    onAnalytics={(link) => setParams({ link: String(link.id) })}
                    onEdit={(link) => setForm({ mode: 'edit', link })}
                    onDelete={(link) => setDeleting({ link, busy: false })}
                  />
                )}
              </Card>
            </div>
          )}
        </div>
      </main>
      {form.mode !== 'closed' ? (
        <LinkFormDialog
          key={form.mode === 'edit' ? `edit-${form.link.id}` : 'create'}
          link={form.mode === 'edit' ? form.link : null}
          domain={host.domain}
          onClose={() => setForm({ mode: 'closed' })}
          onSubmit={saveLink}
        />
      ) : null}
      {domainOpen ? (
        <DomainDialog
          customDomain={customDomain}
          defaultDomain={defaultDomain}
          defaultHost={linkHost(null, publicUrl)}
          onClose={() => setDomainOpen(false)}
          onSave={saveDomain}
          onRemove={removeDomain}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete link"
        message={DELETE_CONFIRMATION}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting?.busy ?? false}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
