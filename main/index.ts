/**
 * The desktop app's entry: wires settings, the window and the navigation guard to Electron.
 * The logic lives in the small modules beside this file; this one only connects them.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, session, shell } from 'electron';
import { guardNavigation } from './navigation';
import { type DesktopSettings, loadSettings, saveSettings, serverArgument } from './settings';
import { createMainWindow, type RendererSource, startUrl } from './window';

// One name whether packaged or not, so settings live in the same userData folder (…/Me).
app.setName('Me');

const outDir = path.resolve(import.meta.dirname, '..');
const preloadPath = path.join(outDir, 'preload', 'index.cjs');
const rendererSource: RendererSource =
  !app.isPackaged && process.env.ELECTRON_RENDERER_URL
    ? { devServerUrl: process.env.ELECTRON_RENDERER_URL }
    : { indexHtml: path.join(outDir, 'renderer', 'index.html') };
const appUrl = startUrl(rendererSource, (file) => pathToFileURL(file).href);

/** Settings from userData; `--server=<url>` on the command line replaces and saves the address. */
function resolveSettings(): DesktopSettings {
  const dir = app.getPath('userData');
  const loaded = loadSettings(dir);
  if (loaded.problem) console.warn(`me: ${loaded.problem}`);
  const requested = serverArgument(process.argv);
  if (requested === undefined) return loaded.settings;
  try {
    return saveSettings(dir, { apiBaseUrl: requested });
  } catch (error) {
    dialog.showErrorBox('Me', (error as Error).message);
    return loaded.settings;
  }
}

function openWindow(settings: DesktopSettings): void {
  const window = createMainWindow(BrowserWindow, { preloadPath, apiBaseUrl: settings.apiBaseUrl });
  window.loadURL(appUrl).catch((error: Error) => dialog.showErrorBox('Me', `Cannot load the app: ${error.message}`));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Every web contents (the window and anything it might spawn) stays on the app.
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents, shell, appUrl));
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.whenReady().then(() => {
    // The admin area needs no camera, location, notifications...: only writing to the clipboard
    // (the copy-link buttons).
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      callback(permission === 'clipboard-sanitized-write'),
    );
    const settings = resolveSettings();
    openWindow(settings);
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow(settings);
    });
  });
}
