/**
 * A malformed id in the query string is a 400 naming what it should be, in English a person
 * reads: "id must be an import id", not "a import id" as GET /api/imports?id=abc answered.
 */
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { optionalIdParam } from '../../../../redirector/http/requestInput';

const refusal = (value: string, what?: string) => {
  try {
    optionalIdParam({ query: { id: value } } as unknown as Context, 'id', what);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('an id in the query string', () => {
  it('names what it should be, with the right article', () => {
    expect(refusal('abc', 'import')).toBe('id must be an import id (a positive whole number)');
    expect(refusal('-1')).toBe('id must be a link id (a positive whole number)');
    expect(refusal('7', 'import')).toBe('accepted');
  });
});
