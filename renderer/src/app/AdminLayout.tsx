/**
 * The guarded admin shell: 'Loading...' while the auth check runs, the login page without a valid
 * session, otherwise the header 'Me - Admin' with Logout, the side navigation and the screen.
 * In the desktop app the Connect screen stands in for the login page, and the header names the
 * server and offers "Change server…".
 */
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { CONNECT_ROUTE } from '../../../redirector/contract/desktop';
import { AppHeader } from '../components/AppHeader';
import { Button } from '../components/Button';
import { Icon, type IconName } from '../components/Icon';
import { LoadingState } from '../components/Spinner';
import { useAuth } from '../session/AdminSession';
import { serverLabel, useDesktopSession } from '../session/DesktopSession';

export const ADMIN_NAV: { to: string; label: string; icon: IconName }[] = [
  { to: '/admin', label: 'Dashboard', icon: 'home' },
  { to: '/admin/links', label: 'Links', icon: 'list' },
  { to: '/admin/create', label: 'Create Link', icon: 'plus' },
  { to: '/admin/users', label: 'Users', icon: 'users' },
  { to: '/admin/domains', label: 'Domains', icon: 'globe' },
  { to: '/admin/keys', label: 'API Keys', icon: 'shield' },
  { to: '/admin/webhooks', label: 'Webhooks', icon: 'external' },
  { to: '/admin/live', label: 'Live Visitors', icon: 'activity' },
  { to: '/admin/repeat-visitors', label: 'Repeat Visitors', icon: 'repeat' },
  { to: '/admin/conversion', label: 'Conversion Funnel', icon: 'filter' },
  { to: '/admin/debug', label: 'Debug Info', icon: 'bug' },
];

export function AdminLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const desktop = useDesktopSession();
  const signInRoute = desktop ? CONNECT_ROUTE : '/admin/login';
  if (auth.loading) return <LoadingState message="Loading..." />;
  if (!auth.isAuthenticated) return <Navigate to={signInRoute} replace />;

  const logout = async () => {
    await auth.logout();
    navigate(signInRoute, { replace: true });
  };
  const activeServer = desktop?.state.activeServer;

  return (
    <>
      <AppHeader
        title="Me - Admin"
        homeHref="/admin"
        fluid
        greeting={activeServer ? <span className="mono">{serverLabel(activeServer)}</span> : undefined}
        actions={
          <>
            {desktop ? (
              <Button variant="ghost" icon="globe" onClick={() => navigate(CONNECT_ROUTE)}>
                Change server…
              </Button>
            ) : null}
            <Button variant="ghost" icon="logout" onClick={logout}>
              Logout
            </Button>
          </>
        }
      />
      <div className="shell">
        <nav className="sidenav" aria-label="Admin">
          {ADMIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/admin'} className="sidenav__link">
              <Icon name={item.icon} />
              {item.label}
            </NavLink>
          ))}
        </nav>
        <main className="shell__main">
          <Outlet />
        </main>
      </div>
    </>
  );
}
