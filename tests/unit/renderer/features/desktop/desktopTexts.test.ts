import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_ADDRESS, plainHttpWarning } from '../../../../../redirector/contract/desktop';
import {
  addressError,
  addressWarning,
  alertThresholdSummary,
  initialAddress,
} from '../../../../../renderer/src/features/desktop/desktopTexts';

const known = (baseUrl: string) => ({
  baseUrl,
  publicUrl: baseUrl,
  connectedAt: '2026-01-01T00:00:00Z',
  signedIn: true,
});

describe('initialAddress', () => {
  it('offers the active server, else the last one used, else the default', () => {
    const servers = [known('https://b.example'), known('https://a.example')];
    expect(initialAddress({ activeServer: 'https://a.example', servers })).toBe('https://a.example');
    expect(initialAddress({ activeServer: null, servers })).toBe('https://b.example');
    expect(initialAddress({ activeServer: null, servers: [] })).toBe(DEFAULT_SERVER_ADDRESS);
  });
});

describe('the address as it is typed', () => {
  const warning = plainHttpWarning('http://192.168.1.20') as string;

  it('warns for plain http to another computer only', () => {
    expect(warning).toMatch(/plain http:\/\//);
    expect(addressWarning('http://192.168.1.20:8080')).toBe(warning);
    expect(addressWarning('HTTP://me.example.com/')).toBe(warning);
    expect(addressWarning('http://localhost:8080')).toBeUndefined();
    expect(addressWarning('http://127.0.0.1:9')).toBeUndefined();
    // Without a scheme another computer gets https://.
    expect(addressWarning('192.168.1.20:8080')).toBeUndefined();
    expect(addressWarning('https://me.example.com')).toBeUndefined();
    // Half-typed: nothing to warn about yet.
    expect(addressWarning('')).toBeUndefined();
    expect(addressWarning('http://')).toBeUndefined();
  });

  it('is refused before any request when it is not an http(s) address', () => {
    expect(addressError('https://me.example.com')).toBeUndefined();
    expect(addressError('me.example.com')).toBeUndefined();
    expect(addressError('')).toBe('Enter the server address, like https://me.example.com');
    expect(addressError('ftp://me.example.com')).toBe('The server address must start with http:// or https://');
    expect(addressError('https://me.example.com/?x=1')).toBe(
      'The server address must not carry a user name, password, query or fragment',
    );
  });
});

describe('words', () => {
  it('says what the saved click alert does', () => {
    expect(alertThresholdSummary(null)).toBe('No click notification.');
    expect(alertThresholdSummary(1500)).toBe('A notification shows when clicks per minute rise above 1,500.');
  });
});
