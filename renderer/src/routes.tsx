/** The route table (product spec §2): every screen of the browser build and the desktop app. */
import { createBrowserRouter, createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { CONNECT_ROUTE } from '../../redirector/contract/desktop';
import { RouterErrorPage } from './components/RouterErrorPage';
import { LoginPage } from './features/account/LoginPage';
import { RegisterPage } from './features/account/RegisterPage';
import { AdminLayout } from './features/admin/AdminLayout';
import { AdminLoginPage } from './features/admin/AdminLoginPage';
import { AuthProvider } from './features/admin/auth/AuthProvider';
import { ConversionFunnelPage } from './features/admin/ConversionFunnelPage';
import { DebugInfoPage } from './features/admin/debug/DebugInfoPage';
import { StorageDebugPage } from './features/admin/debug/StorageDebugPage';
import { TestStoragePage } from './features/admin/debug/TestStoragePage';
import { LiveVisitorsPage } from './features/admin/LiveVisitorsPage';
import { RepeatVisitorsPage } from './features/admin/RepeatVisitorsPage';
import { UsersPage } from './features/admin/users/UsersPage';
import { AdminDashboardPage } from './features/analytics/AdminDashboardPage';
import { LinkAnalyticsPage } from './features/analytics/AdminLinkAnalyticsPage';
import { ConnectPage } from './features/desktop/ConnectPage';
import { AdminKeysPage } from './features/keys/AdminKeysPage';
import { LandingPage } from './features/landing/LandingPage';
import { LinkFormPage } from './features/links/AdminLinkFormPage';
import { LinksPage } from './features/links/AdminLinksPage';
import { DashboardPage } from './features/links/DashboardPage';

/** The admin area: its login page and the screens behind it, all inside one AuthProvider. */
const adminRoutes: RouteObject = {
  path: '/admin',
  element: (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  ),
  children: [
    { path: 'login', element: <AdminLoginPage /> },
    {
      element: <AdminLayout />,
      children: [
        { index: true, element: <AdminDashboardPage /> },
        { path: 'links', element: <LinksPage /> },
        { path: 'create', element: <LinkFormPage mode="create" /> },
        { path: 'edit/:linkId', element: <LinkFormPage mode="edit" /> },
        { path: 'link/:linkId', element: <LinkAnalyticsPage /> },
        { path: 'users', element: <UsersPage /> },
        { path: 'keys', element: <AdminKeysPage /> },
        { path: 'live', element: <LiveVisitorsPage /> },
        { path: 'repeat-visitors', element: <RepeatVisitorsPage /> },
        { path: 'conversion', element: <ConversionFunnelPage /> },
        { path: 'debug', element: <DebugInfoPage /> },
        { path: 'storage', element: <StorageDebugPage /> },
        { path: '*', element: <Navigate to="/admin" replace /> },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/test-storage', element: <TestStoragePage /> },
      { path: CONNECT_ROUTE, element: <ConnectPage /> },
      adminRoutes,
    ],
  },
];

export function createAppRouter(kind: 'browser' | 'hash') {
  return kind === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes);
}
