// STUB: the admin area's routes, filled in by the web UI part 2 work.
import type { RouteObject } from 'react-router-dom';

export const adminRoutes: RouteObject[] = [{ path: '/admin/*', element: <main>Admin</main> }];
