import { describe, expect, it } from 'vitest';
import { failureOfAnswer, isWebPage, keyCheckFailure, serverOrigin } from '../../../../redirector/contract/extension';
import { ACCOUNT_DISABLED } from '../../../../redirector/contract/lists';
import { READ_KEY_MISSING } from '../../../../redirector/contract/teams';

describe("the extension's server address", () => {
  it('keeps the origin of an http(s) address, https:// when none is written', () => {
    expect(serverOrigin('links.example.com')).toBe('https://links.example.com');
    expect(serverOrigin(' http://127.0.0.1:8080/admin/keys?x=1 ')).toBe('http://127.0.0.1:8080');
    expect(serverOrigin('HTTPS://Links.Example.com:443/')).toBe('https://links.example.com');
  });

  it('refuses what is no http(s) address', () => {
    for (const typed of ['', '   ', 'ftp://example.com', 'javascript:alert(1)', 'localhost', 'http://']) {
      expect(serverOrigin(typed), typed).toBeUndefined();
    }
  });
});

describe('which tabs can be shortened', () => {
  it('web pages only', () => {
    expect(isWebPage('https://example.com/a?b#c')).toBe(true);
    expect(isWebPage('http://127.0.0.1:3000/')).toBe(true);
    for (const url of [
      undefined,
      '',
      'chrome://settings/',
      'about:blank',
      'file:///etc/hosts',
      'moz-extension://x/popup.html',
    ]) {
      expect(isWebPage(url), String(url)).toBe(false);
    }
  });
});

describe("a failed answer's meaning", () => {
  it('names 401, 403, 429 and 5xx, and keeps the server sentence of 403 and other 4xx', () => {
    expect(failureOfAnswer(401, 'Session expired, please sign in again')).toEqual({ kind: 'wrongKey' });
    // A disabled account's key is right: a new key would not help, its administrator would.
    expect(failureOfAnswer(401, ACCOUNT_DISABLED)).toEqual({ kind: 'accountDisabled' });
    expect(failureOfAnswer(403, 'Link limit reached (4 links per account)')).toEqual({
      kind: 'forbidden',
      message: 'Link limit reached (4 links per account)',
    });
    expect(failureOfAnswer(429, 'Too many attempts')).toEqual({ kind: 'tooMany' });
    expect(failureOfAnswer(409, 'Short code already taken')).toEqual({
      kind: 'rejected',
      message: 'Short code already taken',
    });
    expect(failureOfAnswer(503, 'The database is unreachable; try again shortly')).toEqual({
      kind: 'serverError',
      status: 503,
    });
  });

  it("tells a read-only key's 403 from another refusal", () => {
    expect(failureOfAnswer(403, READ_KEY_MISSING)).toEqual({ kind: 'readOnly' });
    expect(failureOfAnswer(403, 'You may not use the domain go.example in this team')).toEqual({
      kind: 'forbidden',
      message: 'You may not use the domain go.example in this team',
    });
  });

  it("reads the options page's check: the empty body's 400 means the key may make links", () => {
    expect(keyCheckFailure(400, 'Target URL is required')).toBeUndefined();
    expect(keyCheckFailure(403, READ_KEY_MISSING)).toEqual({ kind: 'readOnly' });
    expect(keyCheckFailure(401, 'Invalid or expired token')).toEqual({ kind: 'wrongKey' });
    expect(keyCheckFailure(502, undefined)).toEqual({ kind: 'serverError', status: 502 });
  });

  it('says the status when the server gave no sentence', () => {
    expect(failureOfAnswer(403, undefined)).toEqual({ kind: 'forbidden', message: 'HTTP 403' });
    expect(failureOfAnswer(400, '  ')).toEqual({ kind: 'rejected', message: 'HTTP 400' });
  });
});
