/**
 * The desktop app's entry: wires the stored state, the bridge's IPC, the window, the menu and the
 * tray to Electron. The logic lives in the small modules beside this file; this one only connects them.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  type NativeImage,
  Notification,
  nativeImage,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import windowIconPath from '../build/icons/256x256.png?asset';
import trayIconPath from '../build/tray/tray.png?asset';
import trayTemplate2xPath from '../build/tray/trayTemplate@2x.png?asset';
import trayTemplatePath from '../build/tray/trayTemplate.png?asset';
import { CONNECT_ROUTE } from '../redirector/contract/desktop';
import { aboutText, appMenuTemplate } from './appMenu';
import { createBrokenLinksWatch } from './brokenLinksWatch';
import { createCredentialStore } from './credentials';
import { createDesktopState, type DesktopStateStore } from './desktopState';
import { registerDesktopIpc } from './ipc';
import { desktopTexts, followWindowLanguage } from './language';
import { guardNavigation, isAppUrl } from './navigation';
import { createRealtimePoller } from './realtimePoller';
import { followRealtimeStream } from './realtimeStream';
import { serverArgument } from './settings';
import { createMonitorTray, type MonitorTray } from './tray';
import { appPageUrl, createMainWindow, type RendererSource, routeUrl, startRoute } from './window';
import { loadWindowState, restoreBounds, saveWindowState, trackWindowState } from './windowState';

// One name whether packaged or not, so settings live in the same userData folder (…/Me).
app.setName('Me');

const outDir = path.resolve(import.meta.dirname, '..');
const preloadPath = path.join(outDir, 'preload', 'index.cjs');
const rendererSource: RendererSource =
  !app.isPackaged && process.env.ELECTRON_RENDERER_URL
    ? { devServerUrl: process.env.ELECTRON_RENDERER_URL }
    : { indexHtml: path.join(outDir, 'renderer', 'index.html') };
const pageUrl = appPageUrl(rendererSource, (file) => pathToFileURL(file).href);

let mainWindow: BrowserWindow | undefined;
let quitting = false;

function openWindow(state: DesktopStateStore, route?: string): BrowserWindow {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (route) void mainWindow.loadURL(routeUrl(pageUrl, route));
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    return mainWindow;
  }
  const dir = app.getPath('userData');
  const placed = restoreBounds(
    loadWindowState(dir),
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const { activeServer } = state.get();
  const window = createMainWindow(
    BrowserWindow,
    { preloadPath, bounds: placed.bounds, icon: windowIconPath },
    placed.maximized,
  );
  trackWindowState(window, (saved) => saveWindowState(dir, saved));
  // With the tray running, closing the window keeps monitoring; Quit (menu or tray) ends the app.
  window.on('close', (event) => {
    if (!quitting && tray) {
      event.preventDefault();
      window.hide();
    }
  });
  window.on('closed', () => {
    mainWindow = undefined;
  });
  window
    .loadURL(routeUrl(pageUrl, route ?? startRoute(activeServer)))
    .catch((error: Error) => dialog.showErrorBox('Me', `Cannot load the app: ${error.message}`));
  mainWindow = window;
  return window;
}

let tray: Tray | undefined;
let monitor: MonitorTray | undefined;

function trayImage(): NativeImage {
  if (process.platform !== 'darwin') return nativeImage.createFromPath(trayIconPath);
  // A template image follows the menu bar's light or dark look.
  const image = nativeImage.createFromPath(trayTemplatePath);
  image.addRepresentation({ scaleFactor: 2, buffer: nativeImage.createFromPath(trayTemplate2xPath).toPNG() });
  image.setTemplateImage(true);
  return image;
}

function startMonitoring(state: DesktopStateStore): void {
  try {
    tray = new Tray(trayImage());
  } catch (error) {
    // No tray on this desktop: the app still works, closing the window quits it.
    console.warn(`me: no tray icon (${(error as Error).message})`);
    return;
  }
  tray.on('click', () => openWindow(state));
  monitor = createMonitorTray({
    tray,
    buildMenu: (template) => Menu.buildFromTemplate(template),
    notify: Notification.isSupported() ? (title, body) => new Notification({ title, body }).show() : undefined,
    threshold: () => state.clicksPerMinuteAlert(),
    paused: () => state.monitoringPaused(),
    actions: {
      open: () => openWindow(state),
      setPaused: (paused) => {
        state.setMonitoringPaused(paused);
      },
      quit: () => app.quit(),
    },
  });
  const connection = () => state.activeConnection();
  const paused = () => state.monitoringPaused();
  // The tray's count and spike alert follow the live stream.
  const stream = followRealtimeStream({
    connection,
    paused,
    onClick: () => void poller.pollNow(),
    onStatus: (up) => up && void poller.pollNow(),
  });
  const poller = createRealtimePoller({
    connection,
    paused,
    onReading: (reading) => monitor?.show(reading),
    streaming: () => stream.up,
  });
  let following = '';
  // A connect, switch, sign-out or pause shows on the tray at once, not up to 10 s later.
  state.onChange(() => {
    void poller.pollNow();
    const now = `${connection()?.baseUrl} ${connection()?.token} ${paused()}`;
    if (now !== following) stream.restart();
    following = now;
  });
  poller.start();
  following = `${connection()?.baseUrl} ${connection()?.token} ${paused()}`;
  stream.restart();
  // A link turning broken is announced by the app, not only shown in its lists (docs/api.md#link-health).
  const brokenLinks = createBrokenLinksWatch({
    connection: () => state.activeConnection(),
    paused: () => state.monitoringPaused(),
    notify: Notification.isSupported() ? (title, body) => new Notification({ title, body }).show() : undefined,
  });
  brokenLinks.start();
  app.on('before-quit', () => {
    poller.stop();
    stream.stop();
    brokenLinks.stop();
  });
}

function setAppMenu(state: DesktopStateStore): void {
  const template = appMenuTemplate(process.platform, {
    reload: () => mainWindow?.webContents.reload(),
    changeServer: () => openWindow(state, CONNECT_ROUTE),
    about: () =>
      void dialog.showMessageBox({
        type: 'info',
        title: desktopTexts()('desktopMain.about'),
        message: aboutText(app.getVersion(), state.get().activeServer),
        buttons: [desktopTexts()('desktopMain.aboutOk')],
      }),
    quit: () => app.quit(),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Every web contents (the window and anything it might spawn) stays on the app.
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents, shell, pageUrl));
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' && !tray) app.quit();
  });

  app.whenReady().then(() => {
    // The admin area needs no camera, location, notifications...: only writing to the clipboard
    // (the copy-link buttons).
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      callback(permission === 'clipboard-sanitized-write'),
    );
    // safeStorage answers only once the app is ready.
    const state = createDesktopState({
      dir: app.getPath('userData'),
      credentials: createCredentialStore(safeStorage),
      warn: (message) => console.warn(`me: ${message}`),
    });
    const requested = serverArgument(process.argv);
    if (requested !== undefined) {
      try {
        state.preselect(requested);
      } catch (error) {
        dialog.showErrorBox('Me', (error as Error).message);
      }
    }
    // Menus, tray, notifications and About speak the window's language, kept from the last run,
    // else the system's (main/language.ts); a switch in the window draws the menus again.
    followWindowLanguage(state, app.getPreferredSystemLanguages(), () => {
      setAppMenu(state);
      monitor?.redraw();
    });
    registerDesktopIpc(ipcMain, state, (url) => isAppUrl(url, pageUrl));
    app.on('second-instance', () => openWindow(state));
    app.on('activate', () => openWindow(state));
    setAppMenu(state);
    openWindow(state);
    startMonitoring(state);
  });
}
