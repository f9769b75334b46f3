import { describe, expect, it } from 'vitest';
import { madeWithAdminKey, newAdminSessionToken, newToken } from '../../../../redirector/auth/tokens';

describe('admin session tokens', () => {
  it('carry 128 random bits and a tag of the admin key they were made with', () => {
    const token = newAdminSessionToken('first-admin-key-0123');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newAdminSessionToken('first-admin-key-0123')).not.toBe(token);
    expect(madeWithAdminKey(token, 'first-admin-key-0123')).toBe(true);
    expect(madeWithAdminKey(token, 'second-admin-key-0123')).toBe(false);
  });

  it('refuse user tokens, altered tokens and anything else', () => {
    const token = newAdminSessionToken('k'.repeat(16));
    const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const other of [newToken(), altered, '', 'short', `${token}A`, 'k'.repeat(16)]) {
      expect(madeWithAdminKey(other, 'k'.repeat(16)), other).toBe(false);
    }
  });
});
