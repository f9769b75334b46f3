import { describe, expect, it } from 'vitest';
import { parseRegistration } from '../../../../redirector/auth/accountService';
import { RuleError } from '../../../../redirector/ruleError';

function messageOf(body: unknown): string {
  try {
    parseRegistration(body);
  } catch (error) {
    if (error instanceof RuleError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error('expected a 400 RuleError');
}

describe('parseRegistration', () => {
  it('trims the name and lower-cases the email', () => {
    expect(parseRegistration({ name: '  Ada  ', email: ' Ada@Example.COM ', password: 'secret' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret',
    });
  });

  it('keeps the password as typed, spaces included', () => {
    expect(parseRegistration({ name: 'A', email: 'a@b.co', password: ' 12345 ' }).password).toBe(' 12345 ');
  });

  it('answers each rule with its message', () => {
    const ok = { name: 'Ada', email: 'ada@example.com', password: 'secret' };
    expect(messageOf({ ...ok, name: '   ' })).toBe('Name is required');
    expect(messageOf({ ...ok, name: undefined })).toBe('Name is required');
    expect(messageOf({ ...ok, name: 'x'.repeat(101) })).toBe('Name must be at most 100 characters');
    expect(parseRegistration({ ...ok, name: 'x'.repeat(100) }).name).toHaveLength(100);
    for (const email of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 42]) {
      expect(messageOf({ ...ok, email }), String(email)).toBe('Please enter a valid email address');
    }
    expect(messageOf({ ...ok, password: '12345' })).toBe('Password must be at least 6 characters');
    expect(messageOf({ ...ok, password: undefined })).toBe('Password must be at least 6 characters');
    // Five characters that are ten UTF-16 units are still five characters.
    expect(messageOf({ ...ok, password: '😀😀😀😀😀' })).toBe('Password must be at least 6 characters');
    expect(messageOf([])).toBe('Request body must be an object with name, email and password');
  });
});
