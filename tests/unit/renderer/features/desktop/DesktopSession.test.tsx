// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCredentialStore } from '../../../../../main/credentials';
import { createDesktopState } from '../../../../../main/desktopState';
import { type IpcCall, registerDesktopIpc } from '../../../../../main/ipc';
import { createDesktopBridge } from '../../../../../preload/bridge';
import { useApi } from '../../../../../renderer/src/api/ApiProvider';
import {
  DesktopSessionProvider,
  type DesktopSessionValue,
  useDesktopSession,
} from '../../../../../renderer/src/features/desktop/DesktopSession';
import { fakeSafeStorage } from '../../../main/standIns';
import { tempDirMaker } from '../../../main/tempDirs';

afterEach(cleanup);

const tempDir = tempDirMaker('me-desktop-session-');

const APP = 'file:///app/out/renderer/index.html';

/** main's store and IPC handlers, and the preload's bridge over them; only ipcMain is a stand-in. */
function desktopApp() {
  const handlers = new Map<string, (event: IpcCall, ...args: unknown[]) => unknown>();
  const store = createDesktopState({ dir: tempDir(), credentials: createCredentialStore(fakeSafeStorage()) });
  registerDesktopIpc({ handle: (channel, listener) => handlers.set(channel, listener) }, store, (url) =>
    url.startsWith(APP),
  );
  const bridge = createDesktopBridge(async (channel, ...args) =>
    handlers.get(channel)?.({ senderFrame: { url: `${APP}#/connect` } }, ...args),
  );
  return { store, bridge };
}

let session: DesktopSessionValue | null = null;

function Probe() {
  session = useDesktopSession();
  return <output aria-label="api base">{useApi().http.baseUrl}</output>;
}

async function renderSession() {
  const { store, bridge } = desktopApp();
  render(
    <DesktopSessionProvider bridge={bridge} initial={await bridge.get()}>
      <Probe />
    </DesktopSessionProvider>,
  );
  const current = () => session as DesktopSessionValue;
  return { store, current };
}

const apiBase = () => screen.getByLabelText('api base').textContent;

describe('DesktopSessionProvider', () => {
  it('builds the API client on the active server and rebuilds it on every connect and switch', async () => {
    const { store, current } = await renderSession();
    expect(apiBase()).toBe('');
    await act(() =>
      current().change({ kind: 'connect', baseUrl: 'https://a.example', publicUrl: 'https://a.example', token: 'ta' }),
    );
    expect(apiBase()).toBe('https://a.example');
    await act(() =>
      current().change({ kind: 'connect', baseUrl: 'b.example', publicUrl: 'https://s.b.example', token: 'tb' }),
    );
    // main normalised the typed address; the page follows main's answer.
    expect(apiBase()).toBe('https://b.example');
    expect(current().state).toMatchObject({ activeServer: 'https://b.example', token: 'tb' });
    await act(() => current().change({ kind: 'activate', baseUrl: 'https://a.example' }));
    expect(apiBase()).toBe('https://a.example');
    expect(current().state.token).toBe('ta');
    expect(store.activeConnection()).toEqual({ baseUrl: 'https://a.example', token: 'ta' });
  });

  it('signs out through meDesktop.clear() and keeps the reason for the Connect screen', async () => {
    const { store, current } = await renderSession();
    await act(() =>
      current().change({ kind: 'connect', baseUrl: 'https://a.example', publicUrl: 'https://a.example', token: 'ta' }),
    );
    await act(() => current().signOut('session ended'));
    expect(current().notice).toBe('session ended');
    expect(current().state).toMatchObject({ activeServer: null, token: null });
    expect(store.get().servers).toEqual([expect.objectContaining({ baseUrl: 'https://a.example', signedIn: false })]);
    act(() => current().clearNotice());
    expect(current().notice).toBeNull();
  });

  it("passes on main's refusal, leaving the state as it was", async () => {
    const { current } = await renderSession();
    await expect(current().change({ kind: 'activate', baseUrl: 'https://unknown.example' })).rejects.toThrow(
      'No remembered server at https://unknown.example',
    );
    expect(current().state.activeServer).toBeNull();
  });
});

describe('useDesktopSession', () => {
  it('is null in the browser build', () => {
    function Browser() {
      return <output aria-label="session">{String(useDesktopSession())}</output>;
    }
    render(<Browser />);
    expect(screen.getByLabelText('session').textContent).toBe('null');
  });
});
