/**
 * The desktop app's session: the state main keeps (servers, the active one, its token), read
 * through window.meDesktop, and the API client of the active server. The client is rebuilt
 * whenever the active server changes, so every screen talks to the server just connected to.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { DesktopChange, DesktopState, MeDesktopApi } from '../../../redirector/contract/desktop';
import { createApiClient } from '../api';
import { ApiProvider } from '../api/ApiProvider';
import { i18next } from '../i18n';

export interface DesktopSessionValue {
  state: DesktopState;
  /** Why the Connect screen shows (a session the server no longer accepts), if there is a reason to say. */
  notice: string | null;
  /** One change through the bridge; the answer becomes the state. */
  change(change: DesktopChange): Promise<DesktopState>;
  /** meDesktop.clear(): the active server's token is erased and none is active; `notice` says why. */
  signOut(notice?: string | null): Promise<DesktopState>;
  clearNotice(): void;
}

/** Shown on the Connect screen when an admin call answered 401: the stored session is gone. */
export function sessionEndedMessage(baseUrl: string | null): string {
  return baseUrl ? i18next.t('session.desktopEnded', { baseUrl }) : i18next.t('session.desktopEndedUnnamed');
}

/** 'me.example.com' for the header: which server the admin area is showing. */
export function serverLabel(baseUrl: string): string {
  return baseUrl.replace(/^https?:\/\//, '');
}

const DesktopContext = createContext<DesktopSessionValue | null>(null);

/** The desktop session, or null in the browser build. */
export function useDesktopSession(): DesktopSessionValue | null {
  return useContext(DesktopContext);
}

export function DesktopSessionProvider(props: { bridge: MeDesktopApi; initial: DesktopState; children: ReactNode }) {
  const { bridge, children } = props;
  const [state, setState] = useState(props.initial);
  const [notice, setNotice] = useState<string | null>(null);
  const api = useMemo(() => createApiClient(state.activeServer ?? ''), [state.activeServer]);

  const change = useCallback(
    async (next: DesktopChange) => {
      const answer = await bridge.set(next);
      setState(answer);
      return answer;
    },
    [bridge],
  );
  const signOut = useCallback(
    async (reason: string | null = null) => {
      const answer = await bridge.clear();
      setNotice(reason);
      setState(answer);
      return answer;
    },
    [bridge],
  );
  const clearNotice = useCallback(() => setNotice(null), []);

  const value = useMemo<DesktopSessionValue>(
    () => ({ state, notice, change, signOut, clearNotice }),
    [state, notice, change, signOut, clearNotice],
  );
  return (
    <DesktopContext.Provider value={value}>
      <ApiProvider api={api}>{children}</ApiProvider>
    </DesktopContext.Provider>
  );
}
