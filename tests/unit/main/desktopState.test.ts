import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCredentialStore } from '../../../main/credentials';
import { createDesktopState, DesktopStateError } from '../../../main/desktopState';
import { SETTINGS_FILE } from '../../../main/settings';
import { fakeSafeStorage } from './standIns';
import { tempDirMaker } from './tempDirs';

const tempDir = tempDirMaker('me-desktop-state-');

const now = () => new Date('2026-11-21T12:00:00.000Z');
const connectA = {
  kind: 'connect',
  baseUrl: 'https://a.example/',
  publicUrl: 'https://s.a.example',
  token: 'tok-A',
} as const;
const connectB = {
  kind: 'connect',
  baseUrl: 'http://localhost:8080',
  publicUrl: 'http://localhost:8080',
  token: 'tok-B',
} as const;

describe('createCredentialStore', () => {
  it('seals with safeStorage and opens it back', () => {
    const store = createCredentialStore(fakeSafeStorage());
    expect(store.encrypted).toBe(true);
    const sealed = store.seal('secret-token') as string;
    expect(Buffer.from(sealed, 'base64').toString()).not.toContain('secret-token');
    expect(store.open(sealed)).toBe('secret-token');
    expect(store.open('bm90IHNlYWxlZA==')).toBeUndefined();
  });

  it("counts Linux's basic_text backend and a missing keyring as no encryption: nothing to write", () => {
    for (const safeStorage of [fakeSafeStorage({ backend: 'basic_text' }), fakeSafeStorage({ available: false })]) {
      const store = createCredentialStore(safeStorage);
      expect(store.encrypted).toBe(false);
      expect(store.seal('secret-token')).toBeNull();
    }
    expect(createCredentialStore(fakeSafeStorage({ backend: 'gnome_libsecret' })).encrypted).toBe(true);
  });
});

describe('createDesktopState', () => {
  it('starts with nothing: no server, no token, encrypted storage reported', () => {
    const state = createDesktopState({ dir: tempDir(), credentials: createCredentialStore(fakeSafeStorage()), now });
    expect(state.get()).toEqual({
      servers: [],
      activeServer: null,
      token: null,
      tokenStorage: 'encrypted',
      clicksPerMinuteAlert: null,
    });
    expect(state.activeConnection()).toBeUndefined();
  });

  it('remembers servers most recent first, keeps tokens sealed on disk, and restores them after a restart', () => {
    const dir = tempDir();
    const credentials = createCredentialStore(fakeSafeStorage());
    const state = createDesktopState({ dir, credentials, now });
    state.apply(connectA);
    const after = state.apply(connectB);
    expect(after).toMatchObject({ activeServer: 'http://localhost:8080', token: 'tok-B' });
    expect(after.servers).toEqual([
      {
        baseUrl: 'http://localhost:8080',
        publicUrl: 'http://localhost:8080',
        connectedAt: now().toISOString(),
        signedIn: true,
      },
      {
        baseUrl: 'https://a.example',
        publicUrl: 'https://s.a.example',
        connectedAt: now().toISOString(),
        signedIn: true,
      },
    ]);
    const file = fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8');
    expect(file).not.toContain('tok-A');
    expect(file).not.toContain('tok-B');

    const restarted = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()), now });
    expect(restarted.get()).toEqual(after);
    expect(restarted.activeConnection()).toEqual({ baseUrl: 'http://localhost:8080', token: 'tok-B' });
    expect(restarted.apply({ kind: 'activate', baseUrl: 'https://a.example' }).token).toBe('tok-A');
  });

  it('keeps tokens for the session only where safeStorage cannot encrypt, and says so', () => {
    const dir = tempDir();
    const credentials = createCredentialStore(fakeSafeStorage({ available: false }));
    const state = createDesktopState({ dir, credentials, now });
    expect(state.apply(connectA)).toMatchObject({ token: 'tok-A', tokenStorage: 'session-only' });
    expect(fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8')).not.toContain('tok-A');
    const restarted = createDesktopState({ dir, credentials, now });
    expect(restarted.get()).toMatchObject({ activeServer: 'https://a.example', token: null });
    expect(restarted.get().servers[0]?.signedIn).toBe(false);
  });

  it('signs out of the active server (clear), forgets a server, and refuses unknown ones', () => {
    const state = createDesktopState({ dir: tempDir(), credentials: createCredentialStore(fakeSafeStorage()), now });
    state.apply(connectA);
    state.apply(connectB);
    const cleared = state.clear();
    expect(cleared).toMatchObject({ activeServer: null, token: null });
    expect(cleared.servers.map((server) => server.signedIn)).toEqual([false, true]);
    expect(state.apply({ kind: 'activate', baseUrl: 'http://localhost:8080' }).token).toBeNull();
    expect(state.apply({ kind: 'forget', baseUrl: 'http://localhost:8080' })).toMatchObject({ activeServer: null });
    expect(state.get().servers.map((server) => server.baseUrl)).toEqual(['https://a.example']);
    expect(() => state.apply({ kind: 'activate', baseUrl: 'https://never.example' })).toThrow(DesktopStateError);
    expect(() => state.apply({ ...connectA, baseUrl: 'javascript:alert(1)' })).toThrow(DesktopStateError);
  });

  it('keeps the alert threshold (a whole number from 1, or off) and tells listeners of every change', () => {
    const dir = tempDir();
    const state = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()), now });
    const seen: (number | null)[] = [];
    state.onChange((next) => seen.push(next.clicksPerMinuteAlert));
    state.apply({ kind: 'alert', clicksPerMinute: 25 });
    expect(() => state.apply({ kind: 'alert', clicksPerMinute: 0 })).toThrow(DesktopStateError);
    expect(() => state.apply({ kind: 'alert', clicksPerMinute: 2.5 })).toThrow(DesktopStateError);
    state.setMonitoringPaused(true);
    state.apply({ kind: 'alert', clicksPerMinute: null });
    expect(seen).toEqual([25, 25, null]);
    const restarted = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()), now });
    expect(restarted.monitoringPaused()).toBe(true);
    expect(restarted.clicksPerMinuteAlert()).toBeNull();
  });

  it("keeps the window's language (one with a catalogue) for the next start; anything else is refused without effect", () => {
    const dir = tempDir();
    const state = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()), now });
    expect(state.language()).toBeNull();
    let told = 0;
    state.onChange(() => {
      told += 1;
    });
    state.apply({ kind: 'language', language: 'es' });
    expect(state.language()).toBe('es');
    expect(told).toBe(1);
    const file = fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8');
    for (const language of ['fr', 'ES', 'es-MX', '../en', '']) {
      expect(() => state.apply({ kind: 'language', language }), language).toThrow(DesktopStateError);
    }
    expect(() => state.apply({ kind: 'language', language: 'fr' })).toThrow('No catalogue for the language "fr"');
    expect(state.language()).toBe('es');
    expect(fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8')).toBe(file);
    // Said again at the next page load: nothing written, no one told.
    state.apply({ kind: 'language', language: 'es' });
    expect(told).toBe(1);
    const restarted = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()), now });
    expect(restarted.language()).toBe('es');
    expect(restarted.apply({ kind: 'language', language: 'en' })).toEqual(restarted.get());
    expect(restarted.language()).toBe('en');
  });

  it('forgets a kept language whose catalogue is gone', () => {
    const dir = tempDir();
    createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()), now }).apply({
      kind: 'language',
      language: 'es',
    });
    const fewer = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()), languages: ['en'] });
    expect(fewer.language()).toBeNull();
  });

  it('preselects --server: a new address is remembered without a token and made active', () => {
    const state = createDesktopState({ dir: tempDir(), credentials: createCredentialStore(fakeSafeStorage()), now });
    state.preselect('me.example.com');
    expect(state.get()).toMatchObject({ activeServer: 'https://me.example.com', token: null });
    expect(() => state.preselect('ftp://x')).toThrow(DesktopStateError);
  });
});
