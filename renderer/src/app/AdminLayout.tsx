/**
 * The guarded admin shell: 'Loading...' while the auth check runs, the login page without a valid
 * session, otherwise the header 'Me - Admin' with Logout, the side navigation and the screen.
 * In the desktop app the Connect screen stands in for the login page, and the header names the
 * server and offers "Change server…".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { CONNECT_ROUTE } from '../../../redirector/contract/desktop';
import { AppHeader } from '../components/AppHeader';
import { Button } from '../components/Button';
import { Icon, type IconName } from '../components/Icon';
import { LoadingState } from '../components/Spinner';
import { useAuth } from '../session/AdminSession';
import { serverLabel, useDesktopSession } from '../session/DesktopSession';

/** The side navigation: each entry's address, its label (a key of `nav`) and icon. */
export const ADMIN_NAV = [
  { to: '/admin', label: 'dashboard', icon: 'home' },
  { to: '/admin/links', label: 'links', icon: 'list' },
  { to: '/admin/create', label: 'createLink', icon: 'plus' },
  { to: '/admin/users', label: 'users', icon: 'users' },
  { to: '/admin/teams', label: 'teams', icon: 'users' },
  { to: '/admin/domains', label: 'domains', icon: 'globe' },
  { to: '/admin/keys', label: 'apiKeys', icon: 'shield' },
  { to: '/admin/webhooks', label: 'webhooks', icon: 'external' },
  { to: '/admin/audit', label: 'auditLog', icon: 'clock' },
  { to: '/admin/live', label: 'liveVisitors', icon: 'activity' },
  { to: '/admin/repeat-visitors', label: 'repeatVisitors', icon: 'repeat' },
  { to: '/admin/conversion', label: 'conversionFunnel', icon: 'filter' },
  { to: '/admin/debug', label: 'debugInfo', icon: 'bug' },
] as const satisfies readonly { to: string; label: string; icon: IconName }[];

export function AdminLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const desktop = useDesktopSession();
  const { pathname } = useLocation();
  // Narrow screens fold the side navigation behind a Menu button (docs/api.md#screens).
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === pathname;
  const signInRoute = desktop ? CONNECT_ROUTE : '/admin/login';
  if (auth.loading) return <LoadingState message={t('common.loading')} />;
  if (!auth.isAuthenticated) return <Navigate to={signInRoute} replace />;

  const logout = async () => {
    await auth.logout();
    navigate(signInRoute, { replace: true });
  };
  const activeServer = desktop?.state.activeServer;

  return (
    <>
      <AppHeader
        title={t('app.adminTitle')}
        homeHref="/admin"
        fluid
        wrapActions
        greeting={activeServer ? <span className="mono">{serverLabel(activeServer)}</span> : undefined}
        actions={
          <>
            {desktop ? (
              <Button variant="ghost" icon="globe" onClick={() => navigate(CONNECT_ROUTE)}>
                {t('app.changeServer')}
              </Button>
            ) : null}
            <Button variant="ghost" icon="logout" onClick={logout}>
              {t('common.logout')}
            </Button>
          </>
        }
      />
      <div className="shell">
        <nav className={menuOpen ? 'sidenav sidenav--open' : 'sidenav'} aria-label={t('nav.label')}>
          <Button
            className="sidenav__menu"
            variant="ghost"
            icon="list"
            aria-expanded={menuOpen}
            aria-controls="admin-nav-links"
            onClick={() => setMenuFor(menuOpen ? null : pathname)}
          >
            {t('nav.menu')}
          </Button>
          <div className="sidenav__links" id="admin-nav-links">
            {ADMIN_NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === '/admin'}
                className="sidenav__link"
                onClick={() => setMenuFor(null)}
              >
                <Icon name={item.icon} />
                {t(`nav.${item.label}`)}
              </NavLink>
            ))}
          </div>
        </nav>
        <main className="shell__main">
          <Outlet />
        </main>
      </div>
    </>
  );
}
