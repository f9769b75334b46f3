/** The route table (product spec §2). */
import { createBrowserRouter, createHashRouter, type RouteObject } from 'react-router-dom';
import { adminRoutes } from './pages/admin/adminRoutes';
import { DashboardPage } from './pages/DashboardPage';
import { LandingPage } from './pages/LandingPage';
import { LoginPage } from './pages/LoginPage';
import { RegisterPage } from './pages/RegisterPage';
import { RouterErrorPage } from './pages/RouterErrorPage';
import { TestStoragePage } from './pages/TestStoragePage';

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
