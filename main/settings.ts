/**
 * The desktop app's settings: which redirector the admin connects to. Kept as JSON in Electron's
 * userData folder (the caller passes app.getPath('userData')), so this module needs no Electron.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DesktopSettings {
  /** The redirector's base URL, normalised: scheme, host, optional port and path, no trailing slash. */
  apiBaseUrl: string;
}

export const SETTINGS_FILE = 'settings.json';
export const DEFAULT_SETTINGS: Readonly<DesktopSettings> = Object.freeze({ apiBaseUrl: 'http://localhost:8080' });

export class SettingsError extends Error {}

/** An absolute http(s) URL without credentials, query or fragment → its normalised form. */
export function parseApiBaseUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new SettingsError('The server address must be an http:// or https:// URL');
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new SettingsError(`The server address must be an http:// or https:// URL (got "${value.slice(0, 200)}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SettingsError(`The server address must be an http:// or https:// URL (got "${value.slice(0, 200)}")`);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new SettingsError('The server address must not carry a user name, password, query or fragment');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
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
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { settings: { ...DEFAULT_SETTINGS }, problem: undefined };
    return { settings: { ...DEFAULT_SETTINGS }, problem: `cannot read ${file}: ${(error as Error).message}` };
  }
  try {
    const stored = JSON.parse(text) as unknown;
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      throw new SettingsError('expected a JSON object');
    }
    const apiBaseUrl = (stored as Record<string, unknown>).apiBaseUrl;
    return {
      settings: { apiBaseUrl: apiBaseUrl === undefined ? DEFAULT_SETTINGS.apiBaseUrl : parseApiBaseUrl(apiBaseUrl) },
      problem: undefined,
    };
  } catch (error) {
    return { settings: { ...DEFAULT_SETTINGS }, problem: `ignored ${file}: ${(error as Error).message}` };
  }
}

/** Validates, then writes atomically (temp file + rename) so a crash never leaves half a file. */
export function saveSettings(dir: string, settings: DesktopSettings): DesktopSettings {
  const normalised: DesktopSettings = { apiBaseUrl: parseApiBaseUrl(settings.apiBaseUrl) };
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, SETTINGS_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(normalised, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
  return normalised;
}

/** The value of `--server=<url>` on the app's command line, if given. */
export function serverArgument(argv: readonly string[]): string | undefined {
  const argument = argv.find((value) => value.startsWith('--server='));
  return argument?.slice('--server='.length);
}
