/** The route table (product spec §2). */
import { createBrowserRouter, createHashRouter, type RouteObject } from 'react-router-dom';
import { RouterErrorPage } from './components/RouterErrorPage';
import { LoginPage } from './features/account/LoginPage';
import { RegisterPage } from './features/account/RegisterPage';
import { adminRoutes } from './features/admin/adminRoutes';
import { TestStoragePage } from './features/admin/debug/TestStoragePage';
import { LandingPage } from './features/landing/LandingPage';
import { DashboardPage } from './features/links/DashboardPage';

export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/test-storage', element: <TestStoragePage /> },
      ...adminRoutes,
    ],
  },
];

export function createAppRouter(kind: 'browser' | 'hash') {
  return kind === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes);
}
