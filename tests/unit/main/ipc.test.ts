import { describe, expect, it } from 'vitest';
import { createCredentialStore } from '../../../main/credentials';
import { createDesktopState } from '../../../main/desktopState';
import { BridgeInputError, parseDesktopChange, registerDesktopIpc } from '../../../main/ipc';
import { isAppUrl } from '../../../main/navigation';
import { createDesktopBridge } from '../../../preload/bridge';
import { DESKTOP_CHANNELS } from '../../../redirector/contract/desktop';
import { fakeIpcMain, fakeSafeStorage } from './standIns';
import { tempDirMaker } from './tempDirs';

const APP = 'file:///opt/me/out/renderer/index.html';
const tempDir = tempDirMaker('me-desktop-ipc-');

function setUp() {
  const dir = tempDir();
  const ipcMain = fakeIpcMain();
  const state = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()) });
  registerDesktopIpc(ipcMain, state, (url) => isAppUrl(url, APP));
  const bridge = createDesktopBridge((channel, ...args) => ipcMain.invoke(`${APP}#/connect`, channel, ...args));
  return { ipcMain, state, bridge };
}

describe('the bridge over IPC', () => {
  it('registers exactly three channels: get, set, clear', () => {
    expect(setUp().ipcMain.channels()).toEqual([DESKTOP_CHANNELS.get, DESKTOP_CHANNELS.set, DESKTOP_CHANNELS.clear]);
  });

  it('connects, reads back and clears through window.meDesktop', async () => {
    const { bridge, state } = setUp();
    expect(Object.isFrozen(bridge)).toBe(true);
    const connected = await bridge.set({
      kind: 'connect',
      baseUrl: 'https://me.example.com',
      publicUrl: 'https://s.example',
      token: 't0ken',
    });
    expect(connected).toMatchObject({ activeServer: 'https://me.example.com', token: 't0ken' });
    expect(await bridge.get()).toEqual(connected);
    expect(state.activeConnection()).toEqual({ baseUrl: 'https://me.example.com', token: 't0ken' });
    expect(await bridge.clear()).toMatchObject({ activeServer: null, token: null });
  });

  it("gives the page the main process's message, without Electron's prefix", async () => {
    const { bridge } = setUp();
    await expect(bridge.set({ kind: 'activate', baseUrl: 'https://unknown.example' })).rejects.toThrow(
      /^No remembered server at https:\/\/unknown\.example$/,
    );
  });

  it("keeps the window's language; refuses one without a catalogue, changing nothing", async () => {
    const { bridge, state } = setUp();
    const before = await bridge.get();
    await expect(bridge.set({ kind: 'language', language: 'es' })).resolves.toEqual(before);
    expect(state.language()).toBe('es');
    await expect(bridge.set({ kind: 'language', language: 'fr' })).rejects.toThrow(
      /^No catalogue for the language "fr"$/,
    );
    await expect(bridge.set({ kind: 'language', language: 42 } as never)).rejects.toThrow(
      'language must be a non-empty string',
    );
    expect(state.language()).toBe('es');
  });

  it('answers only the app page', async () => {
    const { ipcMain } = setUp();
    await expect(ipcMain.invoke('https://evil.example/', DESKTOP_CHANNELS.get)).rejects.toThrow('Not the app page');
    await expect(ipcMain.invoke(null, DESKTOP_CHANNELS.clear)).rejects.toThrow('Not the app page');
    await expect(ipcMain.invoke(`${APP}#/admin`, DESKTOP_CHANNELS.get)).resolves.toMatchObject({ servers: [] });
  });
});

describe('parseDesktopChange', () => {
  it('accepts each kind of change', () => {
    expect(parseDesktopChange({ kind: 'alert', clicksPerMinute: null })).toEqual({
      kind: 'alert',
      clicksPerMinute: null,
    });
    expect(parseDesktopChange({ kind: 'forget', baseUrl: 'https://a', extra: 1 })).toEqual({
      kind: 'forget',
      baseUrl: 'https://a',
    });
    expect(parseDesktopChange({ kind: 'language', language: 'es' })).toEqual({ kind: 'language', language: 'es' });
  });

  it('refuses anything else', () => {
    for (const bad of [
      null,
      'connect',
      { kind: 'run', command: 'rm' },
      { kind: 'connect', baseUrl: 'https://a', publicUrl: 'https://a' },
      { kind: 'connect', baseUrl: 'https://a', publicUrl: 'https://a', token: 'x'.repeat(5000) },
      { kind: 'activate', baseUrl: 42 },
      { kind: 'alert', clicksPerMinute: '5' },
      { kind: 'language' },
      { kind: 'language', language: ['es'] },
      { kind: 'language', language: '' },
    ]) {
      expect(() => parseDesktopChange(bad), JSON.stringify(bad)).toThrow(BridgeInputError);
    }
  });
});
