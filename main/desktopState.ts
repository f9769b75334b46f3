/**
 * The state behind window.meDesktop's get/set/clear: remembered servers, the active one with its
 * token, the tray's threshold and the window's language. The main process reads the same state to
 * poll the active server and to speak the window's language (language.ts).
 */
import { LANGUAGES } from '../redirector/contract/catalogues';
import {
  type DesktopChange,
  type DesktopState,
  normaliseServerAddress,
  parseAlertThreshold,
} from '../redirector/contract/desktop';
import type { CredentialStore } from './credentials';
import { type DesktopSettings, loadSettings, MAX_SERVERS, type StoredServer, saveSettings } from './settings';

/** What the tray poller needs: the active server and its token. */
export interface ActiveConnection {
  baseUrl: string;
  token: string;
}

export interface DesktopStateStore {
  get(): DesktopState;
  apply(change: DesktopChange): DesktopState;
  /** Signs out of the active server: its token is erased and no server is active. */
  clear(): DesktopState;
  /** `--server=<url>`: make that address active (remembered without a token if it was new). */
  preselect(address: string): void;
  activeConnection(): ActiveConnection | undefined;
  clicksPerMinuteAlert(): number | null;
  monitoringPaused(): boolean;
  setMonitoringPaused(paused: boolean): void;
  /** The window's language as the page last said it; null until it has said one (docs/api.md#languages). */
  language(): string | null;
  /** Called after every change, with the new state. */
  onChange(listener: (state: DesktopState) => void): void;
}

export class DesktopStateError extends Error {}

export interface DesktopStateOptions {
  /** The userData folder. */
  dir: string;
  credentials: CredentialStore;
  now?: () => Date;
  /** Told when the settings file was unreadable and defaults were used. */
  warn?: (message: string) => void;
  /**
   * The languages the page may name: those with a catalogue (catalogues.ts, the default). Playwright
   * loads this module without the build's glob, so desktop.spec.ts passes the catalogues' codes.
   */
  languages?: readonly string[];
}

/** The remembered server at `address`, normalised; a DesktopStateError when it is not remembered. */
function knownServer(settings: DesktopSettings, address: string): string {
  const checked = normaliseServerAddress(address);
  if (!checked.ok) throw new DesktopStateError(checked.message);
  if (!settings.servers.some((server) => server.baseUrl === checked.baseUrl)) {
    throw new DesktopStateError(`No remembered server at ${checked.baseUrl}`);
  }
  return checked.baseUrl;
}

/** The servers with `server` first (replacing its old entry), at most MAX_SERVERS. */
function withFirst(settings: DesktopSettings, server: StoredServer): StoredServer[] {
  return [server, ...settings.servers.filter((other) => other.baseUrl !== server.baseUrl)].slice(0, MAX_SERVERS);
}

interface ChangeContext {
  settings: DesktopSettings;
  now: () => Date;
  credentials: CredentialStore;
  /** Opened tokens by baseUrl: a connect adds one, a forget drops one. */
  tokens: Map<string, string>;
  languages: readonly string[];
}

/** The settings after one change of window.meDesktop.set; a DesktopStateError for a change that can't be. */
function settingsAfter(
  change: DesktopChange,
  { settings, now, credentials, tokens, languages }: ChangeContext,
): DesktopSettings {
  switch (change.kind) {
    case 'connect': {
      const checked = normaliseServerAddress(change.baseUrl);
      if (!checked.ok) throw new DesktopStateError(checked.message);
      if (change.token === '') throw new DesktopStateError('A connect needs the session token');
      tokens.set(checked.baseUrl, change.token);
      const server: StoredServer = {
        baseUrl: checked.baseUrl,
        publicUrl: change.publicUrl,
        connectedAt: now().toISOString(),
        sealedToken: credentials.seal(change.token),
      };
      return { ...settings, servers: withFirst(settings, server), activeServer: checked.baseUrl };
    }
    case 'activate':
      return { ...settings, activeServer: knownServer(settings, change.baseUrl) };
    case 'forget': {
      const baseUrl = knownServer(settings, change.baseUrl);
      tokens.delete(baseUrl);
      return {
        ...settings,
        servers: settings.servers.filter((server) => server.baseUrl !== baseUrl),
        activeServer: settings.activeServer === baseUrl ? null : settings.activeServer,
      };
    }
    case 'alert': {
      const threshold = parseAlertThreshold(change.clicksPerMinute);
      if (threshold === undefined) throw new DesktopStateError('The threshold must be a whole number from 1');
      return { ...settings, clicksPerMinuteAlert: threshold };
    }
    case 'language':
      if (!languages.includes(change.language)) {
        throw new DesktopStateError(`No catalogue for the language "${change.language}"`);
      }
      return { ...settings, language: change.language };
  }
}

export function createDesktopState(options: DesktopStateOptions): DesktopStateStore {
  const { dir, credentials } = options;
  const now = options.now ?? (() => new Date());
  const languages = options.languages ?? LANGUAGES;
  const loaded = loadSettings(dir);
  if (loaded.problem) options.warn?.(loaded.problem);
  let settings: DesktopSettings = loaded.settings;
  // A language whose catalogue is gone since it was chosen: the system's language again.
  if (settings.language !== null && !languages.includes(settings.language)) settings = { ...settings, language: null };
  /** Opened tokens by baseUrl; the only place they live when they can't be encrypted. */
  const tokens = new Map<string, string>();
  const listeners: ((state: DesktopState) => void)[] = [];

  const tokenOf = (baseUrl: string): string | undefined => {
    const cached = tokens.get(baseUrl);
    if (cached !== undefined) return cached;
    const sealed = settings.servers.find((server) => server.baseUrl === baseUrl)?.sealedToken;
    const opened = sealed ? credentials.open(sealed) : undefined;
    if (opened !== undefined) tokens.set(baseUrl, opened);
    return opened;
  };

  const snapshot = (): DesktopState => ({
    servers: settings.servers.map(({ baseUrl, publicUrl, connectedAt }) => ({
      baseUrl,
      publicUrl,
      connectedAt,
      signedIn: tokenOf(baseUrl) !== undefined,
    })),
    activeServer: settings.activeServer,
    token: settings.activeServer === null ? null : (tokenOf(settings.activeServer) ?? null),
    tokenStorage: credentials.encrypted ? 'encrypted' : 'session-only',
    clicksPerMinuteAlert: settings.clicksPerMinuteAlert,
  });

  const commit = (next: DesktopSettings): DesktopState => {
    settings = saveSettings(dir, next);
    const state = snapshot();
    for (const listener of listeners) listener(state);
    return state;
  };

  const dropToken = (baseUrl: string): StoredServer[] => {
    tokens.delete(baseUrl);
    return settings.servers.map((server) => (server.baseUrl === baseUrl ? { ...server, sealedToken: null } : server));
  };

  return {
    get: snapshot,

    apply(change) {
      // The page says its language at every start: the same again writes nothing and tells no one.
      if (change.kind === 'language' && change.language === settings.language) return snapshot();
      return commit(settingsAfter(change, { settings, now, credentials, tokens, languages }));
    },

    clear() {
      const active = settings.activeServer;
      if (active === null) return snapshot();
      return commit({ ...settings, servers: dropToken(active), activeServer: null });
    },

    preselect(address) {
      const baseUrl = normaliseServerAddress(address);
      if (!baseUrl.ok) throw new DesktopStateError(baseUrl.message);
      const existing = settings.servers.find((server) => server.baseUrl === baseUrl.baseUrl);
      const server = existing ?? {
        baseUrl: baseUrl.baseUrl,
        publicUrl: baseUrl.baseUrl,
        connectedAt: now().toISOString(),
        sealedToken: null,
      };
      commit({ ...settings, servers: withFirst(settings, server), activeServer: server.baseUrl });
    },

    activeConnection() {
      const baseUrl = settings.activeServer;
      const token = baseUrl === null ? undefined : tokenOf(baseUrl);
      return baseUrl === null || token === undefined ? undefined : { baseUrl, token };
    },
    clicksPerMinuteAlert: () => settings.clicksPerMinuteAlert,
    monitoringPaused: () => settings.monitoringPaused,
    setMonitoringPaused(paused) {
      commit({ ...settings, monitoringPaused: paused });
    },
    language: () => settings.language,
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
