import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createMainWindow, START_ROUTE, startUrl, windowOptions } from '../../../main/window';
import { readApiBaseUrl } from '../../../preload/apiBaseArgument';

/** A stand-in with the shape of Electron's BrowserWindow: records what main does with it. */
class FakeWindow {
  static created: FakeWindow[] = [];
  readonly listeners = new Map<string, () => void>();
  shown = 0;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeWindow.created.push(this);
  }
  once(event: 'ready-to-show', listener: () => void) {
    this.listeners.set(event, listener);
    return this;
  }
  show() {
    this.shown += 1;
  }
  async loadURL(_url: string) {}
}

const setup = { preloadPath: '/app/out/preload/index.cjs', apiBaseUrl: 'https://me.example.com' };

describe('windowOptions', () => {
  it('isolates the renderer: sandbox, context isolation, no Node, no webviews', () => {
    const preferences = windowOptions(setup).webPreferences;
    expect(preferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('passes the API address to the preload as one renderer argument the preload reads back', () => {
    const argv = windowOptions(setup).webPreferences?.additionalArguments ?? [];
    expect(argv).toEqual(['--me-api-base-url=https://me.example.com']);
    expect(readApiBaseUrl(['/path/to/electron', '--type=renderer', ...argv])).toBe('https://me.example.com');
  });

  it('the preload falls back to the page origin when no address was passed', () => {
    expect(readApiBaseUrl(['/path/to/electron', '--type=renderer'])).toBe('');
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
    window.listeners.get('ready-to-show')?.();
    expect(window.shown).toBe(1);
  });
});

describe('startUrl', () => {
  it('opens the admin area of the built renderer through the hash router', () => {
    const url = startUrl({ indexHtml: '/app/out/renderer/index.html' }, (file) => `file://${file}`);
    expect(url).toBe('file:///app/out/renderer/index.html#/admin');
    expect(START_ROUTE).toBe('/admin');
  });

  it('opens the admin area of the dev server', () => {
    expect(startUrl({ devServerUrl: 'http://localhost:5173/' }, String)).toBe('http://localhost:5173/#/admin');
  });
});
