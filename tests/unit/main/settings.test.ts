import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  loadSettings,
  MAX_SERVERS,
  parseServerAddress,
  SETTINGS_FILE,
  SettingsError,
  saveSettings,
  serverArgument,
} from '../../../main/settings';
import { itReturns } from '../../helpers/tables';
import { tempDirMaker } from './tempDirs';

const tempDir = tempDirMaker('me-desktop-settings-');

const server = (baseUrl: string, sealedToken: string | null = null) => ({
  baseUrl,
  publicUrl: `${baseUrl}/`,
  connectedAt: '2026-11-01T10:00:00.000Z',
  sealedToken,
});

describe('parseServerAddress', () => {
  itReturns('normalises the http(s) address %j to %s', parseServerAddress, [
    ['http://localhost:8080', 'http://localhost:8080'],
    ['  https://Me.Example.com/  ', 'https://me.example.com'],
    ['https://example.com:443/me/', 'https://example.com/me'],
  ]);

  it.each(['', '   ', 'ftp://example.com', 'file:///etc', 'javascript:alert(1)', 42, null])(
    'rejects %j, not a plain http(s) URL',
    (bad) => expect(() => parseServerAddress(bad)).toThrow(SettingsError),
  );

  it('rejects credentials, a query or a fragment', () => {
    expect(() => parseServerAddress('https://user:pw@example.com')).toThrow(
      'The server address must not carry a user name, password, query or fragment',
    );
    expect(() => parseServerAddress('https://example.com/?a=1')).toThrow(SettingsError);
  });
});

describe('loadSettings / saveSettings', () => {
  it("starts with no server, no alert, monitoring on, no window's language", () => {
    expect(loadSettings(tempDir())).toEqual({ settings: defaultSettings(), problem: undefined });
    expect(defaultSettings()).toEqual({
      servers: [],
      activeServer: null,
      clicksPerMinuteAlert: null,
      monitoringPaused: false,
      language: null,
    });
  });

  it('persists servers, the active one, the alert, the pause and the language as JSON (mode 600) and reads them back', () => {
    const dir = tempDir();
    const settings = {
      servers: [server('https://links.example.org', 'c2VhbGVk'), server('http://localhost:8080')],
      activeServer: 'https://links.example.org',
      clicksPerMinuteAlert: 30,
      monitoringPaused: true,
      language: 'es',
    };
    expect(saveSettings(dir, settings)).toEqual(settings);
    const file = path.join(dir, SETTINGS_FILE);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(settings);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSettings(dir)).toEqual({ settings, problem: undefined });
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });

  it('creates the folder if needed', () => {
    const dir = path.join(tempDir(), 'nested', 'userData');
    saveSettings(dir, { ...defaultSettings(), servers: [server('http://10.0.0.5:8080')] });
    expect(loadSettings(dir).settings.servers.map((entry) => entry.baseUrl)).toEqual(['http://10.0.0.5:8080']);
  });

  it('drops bad entries one by one: invalid addresses, duplicates, an unknown active server, a bad alert and language', () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, SETTINGS_FILE),
      JSON.stringify({
        servers: [
          server('https://a.example/'),
          { baseUrl: 'javascript:alert(1)' },
          server('https://A.example'),
          'nonsense',
          { baseUrl: 'https://b.example' },
        ],
        activeServer: 'https://elsewhere.example',
        clicksPerMinuteAlert: -3,
        monitoringPaused: 'yes',
        language: '../es',
      }),
    );
    const { settings, problem } = loadSettings(dir);
    expect(problem).toBeUndefined();
    expect(settings.servers).toEqual([
      { ...server('https://a.example'), publicUrl: 'https://a.example//' },
      {
        baseUrl: 'https://b.example',
        publicUrl: 'https://b.example',
        connectedAt: new Date(0).toISOString(),
        sealedToken: null,
      },
    ]);
    expect(settings.activeServer).toBeNull();
    expect(settings.clicksPerMinuteAlert).toBeNull();
    expect(settings.monitoringPaused).toBe(false);
    expect(settings.language).toBeNull();
  });

  it(`remembers at most ${MAX_SERVERS} servers`, () => {
    const dir = tempDir();
    const servers = Array.from({ length: MAX_SERVERS + 5 }, (_, index) => server(`https://s${index}.example`));
    expect(saveSettings(dir, { ...defaultSettings(), servers }).servers).toHaveLength(MAX_SERVERS);
  });

  it("reads the first desktop build's single address as the active server, without a token", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), JSON.stringify({ apiBaseUrl: 'https://old.example/' }));
    expect(loadSettings(dir).settings).toEqual({
      ...defaultSettings(),
      servers: [
        {
          baseUrl: 'https://old.example',
          publicUrl: 'https://old.example',
          connectedAt: new Date(0).toISOString(),
          sealedToken: null,
        },
      ],
      activeServer: 'https://old.example',
    });
  });

  it('falls back to the defaults and says why when the file is broken', () => {
    const dir = tempDir();
    const file = path.join(dir, SETTINGS_FILE);
    fs.writeFileSync(file, '{not json');
    const broken = loadSettings(dir);
    expect(broken.settings).toEqual(defaultSettings());
    expect(broken.problem).toMatch(/^ignored .*settings\.json: /);

    fs.writeFileSync(file, JSON.stringify({ apiBaseUrl: 'file:///etc/passwd' }));
    expect(loadSettings(dir).settings).toEqual(defaultSettings());
    expect(loadSettings(dir).problem).toContain('The server address must start with http:// or https://');

    fs.writeFileSync(file, '[]');
    expect(loadSettings(dir).problem).toContain('expected a JSON object');
  });
});

describe('serverArgument', () => {
  it('reads --server=<url> from the command line', () => {
    expect(serverArgument(['/usr/bin/me', '--server=https://me.example.com'])).toBe('https://me.example.com');
    expect(serverArgument(['/usr/bin/me', '.'])).toBeUndefined();
  });
});
