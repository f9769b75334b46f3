import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  parseApiBaseUrl,
  SETTINGS_FILE,
  SettingsError,
  saveSettings,
  serverArgument,
} from '../../../main/settings';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-desktop-settings-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('parseApiBaseUrl', () => {
  it('normalises http(s) addresses', () => {
    expect(parseApiBaseUrl('http://localhost:8080')).toBe('http://localhost:8080');
    expect(parseApiBaseUrl('  https://Me.Example.com/  ')).toBe('https://me.example.com');
    expect(parseApiBaseUrl('https://example.com:443/me/')).toBe('https://example.com/me');
  });

  it('rejects anything that is not a plain http(s) URL', () => {
    for (const bad of [
      '',
      '   ',
      'localhost:8080',
      'ftp://example.com',
      'file:///etc',
      'javascript:alert(1)',
      42,
      null,
    ]) {
      expect(() => parseApiBaseUrl(bad)).toThrow(SettingsError);
    }
    expect(() => parseApiBaseUrl('https://user:pw@example.com')).toThrow(
      'The server address must not carry a user name, password, query or fragment',
    );
    expect(() => parseApiBaseUrl('https://example.com/?a=1')).toThrow(SettingsError);
    expect(() => parseApiBaseUrl('https://example.com/#x')).toThrow(SettingsError);
  });
});

describe('loadSettings / saveSettings', () => {
  it('gives the default address when nothing was saved', () => {
    expect(loadSettings(tempDir())).toEqual({ settings: { apiBaseUrl: 'http://localhost:8080' }, problem: undefined });
    expect(DEFAULT_SETTINGS.apiBaseUrl).toBe('http://localhost:8080');
  });

  it('persists the address as JSON and reads it back', () => {
    const dir = tempDir();
    expect(saveSettings(dir, { apiBaseUrl: 'https://links.example.org/' })).toEqual({
      apiBaseUrl: 'https://links.example.org',
    });
    expect(JSON.parse(fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8'))).toEqual({
      apiBaseUrl: 'https://links.example.org',
    });
    expect(loadSettings(dir)).toEqual({ settings: { apiBaseUrl: 'https://links.example.org' }, problem: undefined });
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });

  it('creates the folder if needed', () => {
    const dir = path.join(tempDir(), 'nested', 'userData');
    saveSettings(dir, { apiBaseUrl: 'http://10.0.0.5:8080' });
    expect(loadSettings(dir).settings).toEqual({ apiBaseUrl: 'http://10.0.0.5:8080' });
  });

  it('refuses to save an invalid address and keeps the previous one', () => {
    const dir = tempDir();
    saveSettings(dir, { apiBaseUrl: 'https://good.example' });
    expect(() => saveSettings(dir, { apiBaseUrl: 'javascript:alert(1)' })).toThrow(SettingsError);
    expect(loadSettings(dir).settings).toEqual({ apiBaseUrl: 'https://good.example' });
  });

  it('falls back to the default and says why when the file is broken', () => {
    const dir = tempDir();
    const file = path.join(dir, SETTINGS_FILE);
    fs.writeFileSync(file, '{not json');
    const broken = loadSettings(dir);
    expect(broken.settings).toEqual({ apiBaseUrl: 'http://localhost:8080' });
    expect(broken.problem).toMatch(/^ignored .*settings\.json: /);

    fs.writeFileSync(file, JSON.stringify({ apiBaseUrl: 'file:///etc/passwd' }));
    expect(loadSettings(dir).settings).toEqual({ apiBaseUrl: 'http://localhost:8080' });
    expect(loadSettings(dir).problem).toContain('The server address must be an http:// or https:// URL');

    fs.writeFileSync(file, '[]');
    expect(loadSettings(dir).problem).toContain('expected a JSON object');
  });

  it('uses the default address when the file has no address', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{}');
    expect(loadSettings(dir)).toEqual({ settings: { apiBaseUrl: 'http://localhost:8080' }, problem: undefined });
  });
});

describe('serverArgument', () => {
  it('reads --server=<url> from the command line', () => {
    expect(serverArgument(['/usr/bin/me', '--server=https://me.example.com'])).toBe('https://me.example.com');
    expect(serverArgument(['/usr/bin/me', '.'])).toBeUndefined();
  });
});
