/** The pure rules of redirector/contract/desktop.ts that the Connect screen and the main process share. */
import { describe, expect, it } from 'vitest';
import {
  isOnThisComputer,
  normaliseServerAddress,
  parseAlertThreshold,
  plainHttpWarning,
} from '../../../redirector/contract/desktop';
import { itReturns } from '../../helpers/tables';

describe('normaliseServerAddress', () => {
  it.each([
    ['http://localhost:8080', 'http://localhost:8080'],
    ['  HTTPS://Me.Example.com/  ', 'https://me.example.com'],
    ['https://example.com:443/me/', 'https://example.com/me'],
    ['localhost:8080', 'http://localhost:8080'],
    ['127.0.0.1:3000/', 'http://127.0.0.1:3000'],
    ['me.example.com', 'https://me.example.com'],
    ['10.0.0.5:8080', 'https://10.0.0.5:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('normalises %j, as the admin typed it, to %s', (typed, baseUrl) => {
    expect(normaliseServerAddress(typed)).toEqual({ ok: true, baseUrl });
  });

  it('says what is wrong with anything else', () => {
    expect(normaliseServerAddress('')).toEqual({
      ok: false,
      problem: 'missing',
      message: 'Enter the server address, like https://me.example.com',
    });
    expect(normaliseServerAddress('ftp://example.com')).toMatchObject({
      problem: 'scheme',
      message: 'The server address must start with http:// or https://',
    });
    expect(normaliseServerAddress('https://u:p@example.com')).toMatchObject({ ok: false, problem: 'extras' });
    expect(normaliseServerAddress('https://example.com/?x=1')).toMatchObject({ ok: false });
    expect(normaliseServerAddress('http://exa mple.com')).toMatchObject({ ok: false });
    expect(normaliseServerAddress(undefined)).toMatchObject({ ok: false });
  });
});

describe('plainHttpWarning', () => {
  it('warns for plain http to another computer', () => {
    expect(plainHttpWarning('http://10.0.0.5:8080')).toMatch(/^This address uses plain http:\/\/ to another computer/);
    expect(plainHttpWarning('http://me.example.com')).toBeDefined();
  });

  itReturns('says nothing for %s (this computer, or https)', plainHttpWarning, [
    ['http://localhost:8080', undefined],
    ['http://127.0.0.2', undefined],
    ['http://[::1]:8080', undefined],
    ['http://app.localhost', undefined],
    ['https://10.0.0.5', undefined],
  ]);

  it('knows which hosts are this computer', () => {
    expect(['http://localhost', 'http://127.255.0.1', 'http://[::1]'].every(isOnThisComputer)).toBe(true);
    expect(['http://127.0.0.1.example.com', 'http://192.168.1.2', 'not a url'].some(isOnThisComputer)).toBe(false);
  });
});

describe('parseAlertThreshold', () => {
  it('takes a whole number of clicks per minute, or nothing for no alert', () => {
    expect([5, '12', ' 3 ', null, ''].map(parseAlertThreshold)).toEqual([5, 12, 3, null, null]);
    for (const bad of [0, -1, 2.5, 'ten', 1_000_001, true])
      expect(parseAlertThreshold(bad), String(bad)).toBeUndefined();
  });
});
