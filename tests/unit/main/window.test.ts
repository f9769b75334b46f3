import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appPageUrl, createMainWindow, routeUrl, startRoute, windowOptions } from '../../../main/window';

/** A stand-in with the shape of Electron's BrowserWindow: records what main does with it. */
class FakeWindow {
  readonly listeners = new Map<string, () => void>();
  shown = 0;
  maximized = false;
  constructor(readonly options: BrowserWindowConstructorOptions) {}
  once(event: 'ready-to-show', listener: () => void) {
    this.listeners.set(event, listener);
    return this;
  }
  show() {
    this.shown += 1;
  }
  maximize() {
    this.maximized = true;
  }
  async loadURL(_url: string) {}
}

const setup = {
  preloadPath: '/app/out/preload/index.cjs',
  bounds: { x: 10, y: 20, width: 1000, height: 700 },
};

describe('windowOptions', () => {
  it('isolates the renderer: sandbox, context isolation, no Node, no webviews', () => {
    const preferences = windowOptions(setup).webPreferences;
    expect(preferences?.preload).toBe('/app/out/preload/index.cjs');
    const on = ['contextIsolation', 'sandbox', 'webSecurity'] as const;
    const off = ['nodeIntegration', 'nodeIntegrationInWorker', 'allowRunningInsecureContent', 'webviewTag'] as const;
    for (const flag of on) expect(preferences?.[flag], flag).toBe(true);
    for (const flag of off) expect(preferences?.[flag], flag).toBe(false);
  });

  it('opens at the remembered bounds, never below the minimum size', () => {
    expect(windowOptions(setup)).toMatchObject({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
      minWidth: 800,
      minHeight: 600,
    });
    expect(windowOptions({ ...setup, bounds: { width: 1280, height: 860 } })).not.toHaveProperty('x');
  });

  it('gives the renderer no arguments: the page asks meDesktop.get() for the active server', () => {
    expect(windowOptions(setup).webPreferences?.additionalArguments).toBeUndefined();
  });

  it('stays hidden until painted', () => {
    expect(windowOptions(setup).show).toBe(false);
  });
});

describe('createMainWindow', () => {
  it('builds the window with the secure options and shows it on ready-to-show', () => {
    const window = createMainWindow(FakeWindow, setup);
    expect(window.options).toEqual(windowOptions(setup));
    expect(window.shown).toBe(0);
    expect(window.maximized).toBe(false);
    window.listeners.get('ready-to-show')?.();
    expect(window.shown).toBe(1);
  });

  it('comes back maximised when it was closed maximised', () => {
    expect(createMainWindow(FakeWindow, setup, true).maximized).toBe(true);
  });
});

describe('routes', () => {
  it('opens the Connect screen until a server is active, then the admin area', () => {
    expect(startRoute(null)).toBe('/connect');
    expect(startRoute('https://me.example.com')).toBe('/admin');
  });

  it('addresses the built renderer and the dev server through the hash router', () => {
    const built = appPageUrl({ indexHtml: '/app/out/renderer/index.html' }, (file) => `file://${file}`);
    expect(routeUrl(built, '/admin')).toBe('file:///app/out/renderer/index.html#/admin');
    expect(routeUrl(appPageUrl({ devServerUrl: 'http://localhost:5173/' }, String), '/connect')).toBe(
      'http://localhost:5173/#/connect',
    );
  });
});
