import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api';
import { ApiProvider } from './api/ApiProvider';
import { AppRouter } from './app/routes';
import { watchHistory } from './components/leaveGuard';
import { applyTheme, watchSystemTheme } from './components/theme';
import { i18next, i18nReady } from './i18n';
import { LanguageRoot } from './i18n/LanguageRoot';
import { DesktopSessionProvider } from './session/DesktopSession';
import { desktopBridge } from './session/desktopBridge';
import { tellMainTheLanguage } from './session/desktopLanguage';
import './styles.css';

applyTheme();
watchSystemTheme();
// Before the router's own listener: unsaved work asks before Back (components/leaveGuard.ts).
watchHistory();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const reactRoot = createRoot(root);

async function start(): Promise<void> {
  await i18nReady;
  const bridge = desktopBridge();
  if (!bridge) {
    // The browser build: the API is this page's origin.
    reactRoot.render(
      <StrictMode>
        <ApiProvider api={createApiClient('')}>
          <LanguageRoot>
            <AppRouter kind="browser" />
          </LanguageRoot>
        </ApiProvider>
      </StrictMode>,
    );
    return;
  }
  // The desktop app loads the UI from a file, where only hash URLs work; the API is the active
  // server main keeps, which the session follows through connects and switches.
  const initial = await bridge.get();
  // The menus, tray and notifications follow the window's language switch (docs/api.md#languages).
  tellMainTheLanguage(bridge);
  reactRoot.render(
    <StrictMode>
      <DesktopSessionProvider bridge={bridge} initial={initial}>
        <LanguageRoot>
          <AppRouter kind="hash" />
        </LanguageRoot>
      </DesktopSessionProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  root.textContent = i18next.t('app.couldNotStart', { reason: (error as Error)?.message ?? String(error) });
});
