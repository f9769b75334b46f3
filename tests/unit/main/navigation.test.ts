import { describe, expect, it } from 'vitest';
import { type GuardedContents, guardNavigation, isAppUrl, isExternalUrl } from '../../../main/navigation';

type Listener = (event: { preventDefault(): void }, url: string) => void;

/** Stand-ins with the shape of Electron's WebContents and shell: they record what the guard does. */
function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedContents = {
    setWindowOpenHandler(handler) {
      openHandler = handler;
    },
    on(event: string, listener: Listener) {
      listeners.set(event, listener);
      return contents;
    },
  };
  return {
    contents,
    openWindow: (url: string) => openHandler?.({ url }),
    /** Fires an event; returns whether the guard prevented it. */
    fire(event: string, url = '') {
      let prevented = false;
      const preventDefault = () => {
        prevented = true;
      };
      listeners.get(event)?.({ preventDefault }, url);
      return prevented;
    },
  };
}

function fakeShell() {
  const opened: string[] = [];
  return { opened, openExternal: async (url: string) => void opened.push(url) };
}

const APP = 'file:///opt/me/resources/app.asar/out/renderer/index.html#/admin';

/** A fake window's contents with the guard installed, and the fake shell it opens pages in. */
function guarded() {
  const fake = fakeContents();
  const shell = fakeShell();
  guardNavigation(fake.contents, shell, APP);
  return { ...fake, shell };
}

describe('guardNavigation', () => {
  it('denies new windows and sends web links to the system browser', () => {
    const { openWindow, shell } = guarded();
    expect(openWindow('https://example.com/page?x=1')).toEqual({ action: 'deny' });
    expect(openWindow('mailto:someone@example.com')).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(['https://example.com/page?x=1', 'mailto:someone@example.com']);
  });

  it('never hands other schemes to the system', () => {
    const { openWindow, shell } = guarded();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url']) {
      expect(openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(shell.opened).toEqual([]);
  });

  it('prevents navigation away from the app and opens web pages outside', () => {
    const { fire, shell } = guarded();
    expect(fire('will-navigate', 'https://evil.example/phish')).toBe(true);
    expect(fire('will-redirect', 'http://other.example/')).toBe(true);
    expect(fire('will-navigate', 'file:///etc/hosts')).toBe(true);
    expect(shell.opened).toEqual(['https://evil.example/phish', 'http://other.example/']);
  });

  it('lets the app reload itself and move between its own routes', () => {
    const { fire, shell } = guarded();
    expect(fire('will-navigate', 'file:///opt/me/resources/app.asar/out/renderer/index.html#/admin/links')).toBe(false);
    expect(fire('will-navigate', 'file:///opt/me/resources/app.asar/out/renderer/index.html')).toBe(false);
    expect(shell.opened).toEqual([]);
  });

  it('refuses webviews', () => {
    const { fire } = guarded();
    expect(fire('will-attach-webview')).toBe(true);
  });
});

describe('isAppUrl', () => {
  it('matches the same file for a file app, whatever the hash', () => {
    expect(
      isAppUrl('file:///a/out/renderer/index.html#/admin/live', APP.replace('/opt/me/resources/app.asar', '/a')),
    ).toBe(true);
    expect(isAppUrl('file:///a/out/renderer/other.html', 'file:///a/out/renderer/index.html')).toBe(false);
    expect(isAppUrl('http://localhost:8080/', 'file:///a/out/renderer/index.html')).toBe(false);
  });

  it('matches the origin for the dev server', () => {
    expect(isAppUrl('http://localhost:5173/#/admin/links', 'http://localhost:5173/#/admin')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/#/admin')).toBe(false);
    expect(isAppUrl('garbage', 'http://localhost:5173/')).toBe(false);
  });
});

describe('isExternalUrl', () => {
  it('accepts http, https and mailto only', () => {
    expect(
      ['https://a.b/', 'http://a.b/', 'mailto:x@y.z', 'ftp://a.b/', 'file:///x', 'javascript:1', ''].map(isExternalUrl),
    ).toEqual([true, true, true, false, false, false, false]);
  });
});
