import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createApiClient } from './api';
import { ApiProvider } from './api/ApiProvider';
import { apiBaseUrl } from './api/apiBase';
import { createAppRouter } from './routes';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const api = createApiClient(apiBaseUrl());
// The desktop app loads the UI from a file, where only hash URLs work.
const router = createAppRouter(window.meDesktop ? 'hash' : 'browser');

createRoot(root).render(
  <StrictMode>
    <ApiProvider api={api}>
      <RouterProvider router={router} />
    </ApiProvider>
  </StrictMode>,
);
