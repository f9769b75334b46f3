// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, readSession, SESSION_KEY, writeSession } from '../../../../renderer/src/session/userSession';

const user = { id: 1, name: 'Ada', email: 'ada@example.com', custom_domain: null };

afterEach(() => localStorage.clear());

describe('the stored user session', () => {
  it('round-trips {token, user} under userSession', () => {
    writeSession({ token: 'tok', user });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '')).toEqual({ token: 'tok', user });
    expect(readSession()).toEqual({ token: 'tok', user });
    clearSession();
    expect(localStorage.getItem(SESSION_KEY)).toBe(null);
    expect(readSession()).toBe(null);
  });

  it('treats missing, unparseable or incomplete values as no session', () => {
    expect(readSession()).toBe(null);
    for (const raw of [
      '{',
      'null',
      '"tok"',
      '{"token":"","user":{"name":"A"}}',
      '{"token":"t"}',
      '{"token":"t","user":{}}',
    ]) {
      localStorage.setItem(SESSION_KEY, raw);
      expect(readSession()).toBe(null);
    }
  });
});
