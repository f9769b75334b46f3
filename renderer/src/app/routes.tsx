/** The route table (docs/api.md#pages): every screen of the browser build and the desktop app. */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BrowserRouter,
  HashRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router-dom';
import { CONNECT_ROUTE } from '../../../redirector/contract/desktop';
import { Spinner } from '../components/Spinner';
import { LandingPage } from '../features/landing/LandingPage';
import { loadWholeCatalogue } from '../i18n';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/**
 * Every screen but the landing page is its own chunk, loaded when first shown, with the rest of
 * the language's words (i18n/index.ts): the landing page stays a small download, and the charts'
 * library loads only with the analytics screens (docs/api.md#pages). Relative chunk URLs, so the
 * desktop build's file:// page loads them too.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [screen] = await Promise.all([load(), loadWholeCatalogue()]);
    return { default: screen };
  });
}

const LoginPage = lazyScreen(() => import('../features/account/LoginPage').then((m) => m.LoginPage));
const RegisterPage = lazyScreen(() => import('../features/account/RegisterPage').then((m) => m.RegisterPage));
const ResetPasswordPage = lazyScreen(() =>
  import('../features/account/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const JoinPage = lazyScreen(() => import('../features/account/JoinPage').then((m) => m.JoinPage));
const DashboardPage = lazyScreen(() => import('./DashboardPage').then((m) => m.DashboardPage));
const TestStoragePage = lazyScreen(() => import('../features/debug/TestStoragePage').then((m) => m.TestStoragePage));
const AuthProvider = lazyScreen(() => import('../session/AdminSession').then((m) => m.AuthProvider));
const AdminLoginPage = lazyScreen(() => import('../features/account/AdminLoginPage').then((m) => m.AdminLoginPage));
const AdminLayout = lazyScreen(() => import('./AdminLayout').then((m) => m.AdminLayout));
const AdminDashboardPage = lazyScreen(() =>
  import('../features/analytics/AdminDashboardPage').then((m) => m.AdminDashboardPage),
);
const LinksPage = lazyScreen(() => import('../features/links/AdminLinksPage').then((m) => m.LinksPage));
const LinkFormPage = lazyScreen(() => import('../features/links/AdminLinkFormPage').then((m) => m.LinkFormPage));
const LinkAnalyticsPage = lazyScreen(() =>
  import('../features/analytics/AdminLinkAnalyticsPage').then((m) => m.LinkAnalyticsPage),
);
const LiveVisitorsPage = lazyScreen(() =>
  import('../features/analytics/LiveVisitorsPage').then((m) => m.LiveVisitorsPage),
);
const RepeatVisitorsPage = lazyScreen(() =>
  import('../features/analytics/RepeatVisitorsPage').then((m) => m.RepeatVisitorsPage),
);
const ConversionFunnelPage = lazyScreen(() =>
  import('../features/analytics/ConversionFunnelPage').then((m) => m.ConversionFunnelPage),
);
const DebugInfoPage = lazyScreen(() => import('../features/debug/DebugInfoPage').then((m) => m.DebugInfoPage));
const StorageDebugPage = lazyScreen(() => import('../features/debug/StorageDebugPage').then((m) => m.StorageDebugPage));
const UsersPage = lazyScreen(() => import('../features/users/UsersPage').then((m) => m.UsersPage));
const AdminTeamsPage = lazyScreen(() => import('../features/teams/AdminTeamsPage').then((m) => m.AdminTeamsPage));
const AdminDomainsPage = lazyScreen(() =>
  import('../features/domains/AdminDomainsPage').then((m) => m.AdminDomainsPage),
);
const AdminKeysPage = lazyScreen(() => import('../features/keys/AdminKeysPage').then((m) => m.AdminKeysPage));
const AdminWebhooksPage = lazyScreen(() =>
  import('../features/webhooks/AdminWebhooksPage').then((m) => m.AdminWebhooksPage),
);
const AdminAuditPage = lazyScreen(() => import('./AuditScreens').then((m) => m.AdminAuditPage));
const ConnectPage = lazyScreen(() => import('../features/desktop/ConnectPage').then((m) => m.ConnectPage));

function ScreenLoading() {
  const { t } = useTranslation();
  return <Spinner size="lg" label={t('app.loadingPage')} />;
}

/** Shown for the moment a screen's chunk takes to arrive. */
function screen(element: ReactNode) {
  return <Suspense fallback={<ScreenLoading />}>{element}</Suspense>;
}

/** The admin area: its login page and the screens behind it, all inside one AuthProvider. */
const adminRoutes: RouteObject = {
  path: '/admin',
  element: screen(
    <AuthProvider>
      <Outlet />
    </AuthProvider>,
  ),
  children: [
    { path: 'login', element: screen(<AdminLoginPage />) },
    {
      element: screen(<AdminLayout />),
      children: [
        { index: true, element: screen(<AdminDashboardPage />) },
        { path: 'links', element: screen(<LinksPage />) },
        { path: 'create', element: screen(<LinkFormPage mode="create" />) },
        { path: 'edit/:linkId', element: screen(<LinkFormPage mode="edit" />) },
        { path: 'link/:linkId', element: screen(<LinkAnalyticsPage />) },
        { path: 'users', element: screen(<UsersPage />) },
        { path: 'teams', element: screen(<AdminTeamsPage />) },
        { path: 'domains', element: screen(<AdminDomainsPage />) },
        { path: 'keys', element: screen(<AdminKeysPage />) },
        { path: 'webhooks', element: screen(<AdminWebhooksPage />) },
        { path: 'audit', element: screen(<AdminAuditPage />) },
        { path: 'live', element: screen(<LiveVisitorsPage />) },
        { path: 'repeat-visitors', element: screen(<RepeatVisitorsPage />) },
        { path: 'conversion', element: screen(<ConversionFunnelPage />) },
        { path: 'debug', element: screen(<DebugInfoPage />) },
        { path: 'storage', element: screen(<StorageDebugPage />) },
        { path: '*', element: <Navigate to="/admin" replace /> },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/register', element: screen(<RegisterPage />) },
  { path: '/login', element: screen(<LoginPage />) },
  { path: '/reset/:token', element: screen(<ResetPasswordPage />) },
  { path: '/join/:token', element: screen(<JoinPage />) },
  { path: '/dashboard', element: screen(<DashboardPage />) },
  { path: '/test-storage', element: screen(<TestStoragePage />) },
  { path: CONNECT_ROUTE, element: screen(<ConnectPage />) },
  adminRoutes,
];

function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location.key}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * The app's routes in a plain (not data) router: the UI loads nothing through the router, and the
 * data router's code would weigh more than a third of the landing page's budget
 * (docs/api.md#pages). The desktop app's file:// page needs hash URLs.
 */
export function AppRouter({ kind }: { kind: 'browser' | 'hash' }) {
  const Router = kind === 'hash' ? HashRouter : BrowserRouter;
  return (
    <Router>
      <AppRoutes />
    </Router>
  );
}
