/**
 * The desktop's native parts in the window's language (docs/api.md#languages): main's real state
 * store and IPC handlers, the application menu and the tray drawn as index.ts draws them (Electron's
 * Menu, Tray and ipcMain stand in), and every expected word read from the real catalogues.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { aboutText, appMenuTemplate } from '../../../main/appMenu';
import { brokenNotice } from '../../../main/brokenLinksWatch';
import { createCredentialStore } from '../../../main/credentials';
import { createDesktopState } from '../../../main/desktopState';
import { registerDesktopIpc } from '../../../main/ipc';
import { followLanguage, followWindowLanguage } from '../../../main/language';
import { isAppUrl } from '../../../main/navigation';
import { createMonitorTray, describeReading, type TrayMenuItem } from '../../../main/tray';
import { createDesktopBridge } from '../../../preload/bridge';
import type { Link } from '../../../redirector/contract';
import { CATALOGUES } from '../../../redirector/contract/catalogues';
import { fakeIpcMain, fakeSafeStorage } from './standIns';
import { tempDirMaker } from './tempDirs';

const APP = 'file:///opt/me/out/renderer/index.html';
const tempDir = tempDirMaker('me-desktop-language-');

afterEach(() => {
  followLanguage(null, ['en-US']);
});

/** The desktop's words in a language, as its catalogue has them. */
function words(language: string) {
  const catalogue = CATALOGUES[language];
  if (!catalogue) throw new Error(`no catalogue for ${language}`);
  return catalogue.desktopMain;
}

/** What the app menu (Linux) and the tray (not connected) show in a language, from its catalogue. */
function drawnIn(language: string) {
  const w = words(language);
  return {
    appMenu: [w.file, w.changeServer, w.quit, w.view, w.reload, w.help, w.about],
    trayMenu: [w.notConnectedTray, w.open, w.pause, w.quitTray],
    toolTip: `Me: ${w.notConnectedTray}`,
  };
}

type Item = { label?: string; submenu?: unknown };
const labels = (items: readonly Item[]): string[] =>
  items.flatMap((item) => [
    ...(item.label === undefined ? [] : [item.label]),
    ...labels(Array.isArray(item.submenu) ? (item.submenu as Item[]) : []),
  ]);

/** The app as main/index.ts wires it at start: state, IPC, the window's language, the menu and the tray. */
function startApp(dir: string, systemLanguages: readonly string[]) {
  const state = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()) });
  const ipcMain = fakeIpcMain();
  const drawn = { appMenu: [] as string[], trayMenu: [] as string[], toolTip: '' };
  const notifications: string[] = [];
  let redraws = 0;
  const actions = { reload() {}, changeServer() {}, about() {}, quit() {} };
  const setAppMenu = () => {
    drawn.appMenu = labels(appMenuTemplate('linux', actions));
  };
  const monitor = createMonitorTray({
    tray: {
      setTitle() {},
      setToolTip(toolTip: string) {
        drawn.toolTip = toolTip;
      },
      setContextMenu(menu: TrayMenuItem[]) {
        drawn.trayMenu = labels(menu);
      },
    },
    buildMenu: (template) => template,
    notify: (title, body) => notifications.push(`${title} | ${body}`),
    threshold: () => 5,
    paused: () => false,
    actions: { open() {}, setPaused() {}, quit() {} },
  });
  followWindowLanguage(state, systemLanguages, () => {
    redraws += 1;
    setAppMenu();
    monitor.redraw();
  });
  registerDesktopIpc(ipcMain, state, (url) => isAppUrl(url, APP));
  setAppMenu();
  monitor.show({ status: 'not-connected' });
  const bridge = createDesktopBridge((channel, ...args) => ipcMain.invoke(`${APP}#/connect`, channel, ...args));
  return { state, bridge, drawn, monitor, notifications, redraws: () => redraws };
}

const link = { id: 1, title: 'Docs', short_code: 'docs', target_url: 'https://example.com/docs' } as Link;

describe("the native parts before the window has said a language: the system's", () => {
  it('speaks Spanish on a Spanish system, English on one it has no catalogue for', () => {
    const app = startApp(tempDir(), ['es-MX', 'en-US']);
    expect(app.drawn).toEqual(drawnIn('es'));
    expect(
      describeReading({ status: 'online', activeVisitors: 3, clicksPerMinute: 0, baseUrl: 'https://me.example.com' })
        .status,
    ).toBe('3 visitantes en línea en me.example.com');
    expect(aboutText('1.2.3', null)).toContain(words('es').notConnected);

    expect(followLanguage(null, ['fr-FR'])).toBe('en');
    expect(startApp(tempDir(), ['fr-FR', 'de']).drawn).toEqual(drawnIn('en'));
  });
});

describe("the native parts follow the window's language", () => {
  it('a switch in the window draws the menu and the tray again in its words; the About box and notifications speak it', async () => {
    const app = startApp(tempDir(), ['en-US']);
    expect(app.drawn).toEqual(drawnIn('en'));

    await app.bridge.set({ kind: 'language', language: 'es' });
    expect(app.state.language()).toBe('es');
    expect(app.drawn).toEqual(drawnIn('es'));
    expect(app.redraws()).toBe(1);
    expect(aboutText('1.2.3', null)).toBe(
      words('es').aboutText.replace('{{version}}', '1.2.3').replace('{{connection}}', words('es').notConnected),
    );
    expect(brokenNotice(link).title).toBe(words('es').brokenTitle.replace('{{name}}', 'Docs'));
    app.monitor.show({ status: 'online', activeVisitors: 1, clicksPerMinute: 9, baseUrl: 'https://me.example.com' });
    expect(app.notifications).toEqual([
      `${words('es').spikeTitle} | 9 clics por minuto en me.example.com (tu alerta salta por encima de 5).`,
    ]);

    // A language without a catalogue is refused and changes nothing.
    await expect(app.bridge.set({ kind: 'language', language: 'fr' })).rejects.toThrow(
      'No catalogue for the language "fr"',
    );
    expect(app.state.language()).toBe('es');
    expect(app.redraws()).toBe(1);
    expect(brokenNotice(link).title).toBe('Enlace roto: Docs');

    await app.bridge.set({ kind: 'language', language: 'en' });
    app.monitor.show({ status: 'not-connected' });
    expect(app.drawn).toEqual(drawnIn('en'));
    expect(app.redraws()).toBe(2);
  });

  it("wins over the system's language once said", async () => {
    const app = startApp(tempDir(), ['es-ES']);
    expect(app.drawn).toEqual(drawnIn('es'));
    await app.bridge.set({ kind: 'language', language: 'en' });
    expect(app.drawn).toEqual(drawnIn('en'));
  });

  it("starts the next run's menus in the kept language, before the window says anything", async () => {
    const dir = tempDir();
    await startApp(dir, ['en-US']).bridge.set({ kind: 'language', language: 'es' });
    followLanguage(null, ['en-US']);

    const restarted = startApp(dir, ['en-US']);
    expect(restarted.drawn).toEqual(drawnIn('es'));
    expect(restarted.redraws()).toBe(0);
  });
});
