import { describe, expect, it } from 'vitest';
import { parseKeyName } from '../../../../redirector/contract/keys';
import {
  adminKeyTag,
  looksLikeApiKey,
  newApiKeySecret,
  prefixOf,
  sameDigest,
} from '../../../../redirector/keys/apiKeySecrets';
import { itReturns } from '../../../helpers/tables';

describe('API key secrets', () => {
  itReturns('keep their first 8 characters as the prefix: %s', prefixOf, [
    ['me_AbCdE12345678901234567890123456789', 'me_AbCdE'],
  ]);

  it('are me_ and 40 characters of A-Z a-z 0-9, every character of the alphabet in use, never twice the same', () => {
    const secrets = Array.from({ length: 500 }, newApiKeySecret);
    for (const secret of secrets) expect(secret).toMatch(/^me_[A-Za-z0-9]{40}$/);
    expect(new Set(secrets).size).toBe(secrets.length);
    const seen = new Set(secrets.flatMap((secret) => [...secret.slice(3)]));
    expect(seen.size).toBe(62);
  });

  it('are told apart from other credentials by shape only', () => {
    expect(looksLikeApiKey(newApiKeySecret())).toBe(true);
    expect(looksLikeApiKey('me_short')).toBe(false);
    expect(looksLikeApiKey('me_abc-def_ghi0123456789012345678901234')).toBe(false);
    expect(looksLikeApiKey('test-admin-key-0123456789')).toBe(false);
  });

  it("tie an administrator's key to the admin key: another admin key gives another tag", () => {
    const hash = 'ab'.repeat(32);
    const tag = adminKeyTag(hash, 'first-admin-key-0123456789');
    expect(sameDigest(tag, adminKeyTag(hash, 'first-admin-key-0123456789'))).toBe(true);
    expect(sameDigest(tag, adminKeyTag(hash, 'second-admin-key-9876543210'))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
    expect(sameDigest(tag, tag.slice(0, 32))).toBe(false);
  });
});

describe('parseKeyName', () => {
  it('trims and takes 1-100 characters', () => {
    expect(parseKeyName('  CI  ')).toEqual({ ok: true, name: 'CI' });
    expect(parseKeyName('x'.repeat(100))).toEqual({ ok: true, name: 'x'.repeat(100) });
    for (const bad of ['', '  ', 'x'.repeat(101), 7, null]) {
      expect(parseKeyName(bad)).toEqual({ ok: false, error: 'Name must be 1-100 characters' });
    }
  });
});
