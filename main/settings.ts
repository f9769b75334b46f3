/**
 * The desktop app's settings file: remembered servers (with their sealed session tokens), the active
 * one, the tray's alert threshold, whether monitoring is paused and the window's language. JSON in Electron's userData
 * folder (the caller passes app.getPath('userData')), so this module needs no Electron.
 */
import fs from 'node:fs';
import path from 'node:path';
import { normaliseServerAddress, parseAlertThreshold } from '../redirector/contract/desktop';

export interface StoredServer {
  baseUrl: string;
  publicUrl: string;
  connectedAt: string;
  /** The session token encrypted by safeStorage, base64; null when none is kept on disk. */
  sealedToken: string | null;
}

export interface DesktopSettings {
  /** Most recently connected first. */
  servers: StoredServer[];
  activeServer: string | null;
  clicksPerMinuteAlert: number | null;
  monitoringPaused: boolean;
  /** The window's language as the page last said it (a catalogue's code); null until it has said one. */
  language: string | null;
}

export const SETTINGS_FILE = 'settings.json';
/** More would only be clutter in the Connect screen's list; the oldest is dropped. */
export const MAX_SERVERS = 20;

export function defaultSettings(): DesktopSettings {
  return { servers: [], activeServer: null, clicksPerMinuteAlert: null, monitoringPaused: false, language: null };
}

export class SettingsError extends Error {}

/** A catalogue's code (`en`, `es`): whether there is still a catalogue for it is desktopState's to say. */
const LANGUAGE_CODE = /^[a-z]{2,8}$/;

/** An address as the admin typed it (or a file holds it) → its normalised form, or SettingsError. */
export function parseServerAddress(value: unknown): string {
  const checked = normaliseServerAddress(value);
  if (!checked.ok) throw new SettingsError(checked.message);
  return checked.baseUrl;
}

function parseServer(value: unknown): StoredServer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  const address = normaliseServerAddress(entry.baseUrl);
  if (!address.ok) return undefined;
  return {
    baseUrl: address.baseUrl,
    publicUrl: typeof entry.publicUrl === 'string' ? entry.publicUrl : address.baseUrl,
    connectedAt: typeof entry.connectedAt === 'string' ? entry.connectedAt : new Date(0).toISOString(),
    sealedToken: typeof entry.sealedToken === 'string' && entry.sealedToken !== '' ? entry.sealedToken : null,
  };
}

/** A parsed file → settings; bad entries are dropped one by one rather than losing the whole file. */
export function parseSettings(stored: unknown): DesktopSettings {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    throw new SettingsError('expected a JSON object');
  }
  const file = stored as Record<string, unknown>;
  const settings = defaultSettings();
  if ('apiBaseUrl' in file && !('servers' in file)) {
    // The first desktop build kept one address and no token.
    const baseUrl = parseServerAddress(file.apiBaseUrl);
    settings.servers = [{ baseUrl, publicUrl: baseUrl, connectedAt: new Date(0).toISOString(), sealedToken: null }];
    settings.activeServer = baseUrl;
    return settings;
  }
  const servers = Array.isArray(file.servers) ? file.servers.map(parseServer) : [];
  for (const server of servers) {
    if (server && !settings.servers.some((known) => known.baseUrl === server.baseUrl)) settings.servers.push(server);
  }
  settings.servers = settings.servers.slice(0, MAX_SERVERS);
  const active = normaliseServerAddress(file.activeServer);
  if (active.ok && settings.servers.some((server) => server.baseUrl === active.baseUrl)) {
    settings.activeServer = active.baseUrl;
  }
  settings.clicksPerMinuteAlert = parseAlertThreshold(file.clicksPerMinuteAlert) ?? null;
  settings.monitoringPaused = file.monitoringPaused === true;
  settings.language = typeof file.language === 'string' && LANGUAGE_CODE.test(file.language) ? file.language : null;
  return settings;
}

export interface LoadedSettings {
  settings: DesktopSettings;
  /** Why the file was ignored (unreadable JSON or an invalid value); undefined when it was fine or absent. */
  problem: string | undefined;
}

/** Reads the settings; a missing file gives the defaults, a broken one the defaults and a problem. */
export function loadSettings(dir: string): LoadedSettings {
  const file = path.join(dir, SETTINGS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: defaultSettings(), problem: undefined };
    return { settings: defaultSettings(), problem: `cannot read ${file}: ${(error as Error).message}` };
  }
  try {
    return { settings: parseSettings(JSON.parse(text)), problem: undefined };
  } catch (error) {
    return { settings: defaultSettings(), problem: `ignored ${file}: ${(error as Error).message}` };
  }
}

/** Writes `value` as JSON atomically (temp file + rename, mode 600) so a crash never leaves half a file. */
export function writeJsonFile(dir: string, name: string, value: unknown): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

export function saveSettings(dir: string, settings: DesktopSettings): DesktopSettings {
  const normalised = parseSettings(settings);
  writeJsonFile(dir, SETTINGS_FILE, normalised);
  return normalised;
}

/** The value of `--server=<url>` on the app's command line, if given. */
export function serverArgument(argv: readonly string[]): string | undefined {
  const argument = argv.find((value) => value.startsWith('--server='));
  return argument?.slice('--server='.length);
}
