/** The admin area's routes (product spec §2): the login page and the guarded screens. */
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import './admin.css';
import { AdminDashboardPage } from '../analytics/AdminDashboardPage';
import { LinkAnalyticsPage } from '../analytics/AdminLinkAnalyticsPage';
import { LinkFormPage } from '../links/AdminLinkFormPage';
import { LinksPage } from '../links/AdminLinksPage';
import { AdminLayout } from './AdminLayout';
import { AdminLoginPage } from './AdminLoginPage';
import { AuthProvider } from './auth/AuthProvider';
import { ConversionFunnelPage } from './ConversionFunnelPage';
import { DebugInfoPage } from './debug/DebugInfoPage';
import { StorageDebugPage } from './debug/StorageDebugPage';
import { LiveVisitorsPage } from './LiveVisitorsPage';
import { RepeatVisitorsPage } from './RepeatVisitorsPage';

export const adminRoutes: RouteObject[] = [
  {
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
          { path: 'live', element: <LiveVisitorsPage /> },
          { path: 'repeat-visitors', element: <RepeatVisitorsPage /> },
          { path: 'conversion', element: <ConversionFunnelPage /> },
          { path: 'debug', element: <DebugInfoPage /> },
          { path: 'storage', element: <StorageDebugPage /> },
          { path: '*', element: <Navigate to="/admin" replace /> },
        ],
      },
    ],
  },
];
