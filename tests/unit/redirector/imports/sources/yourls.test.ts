/**
 * A YOURLS connection checked (docs/api.md#imports): an address whose user, password or database
 * has a %-escape that is not UTF-8 is refused with the field's 400, not thrown as a URIError that
 * the service answered with a 500.
 */
import { describe, expect, it } from 'vitest';
import { parseYourlsConnection, YOURLS_URL_RULE } from '../../../../../redirector/imports/sources/yourls';
import { RuleError } from '../../../../../redirector/ruleError';

const refusal = (databaseUrl: string) => {
  try {
    parseYourlsConnection({ database_url: databaseUrl });
  } catch (error) {
    return error instanceof RuleError ? { status: error.status, message: error.message } : error;
  }
  return 'accepted';
};

describe('a YOURLS connection', () => {
  it.each(['mysql://root@db.example/%zz', 'mysql://%zz@db.example/yourls', 'mysql://u:%E0%A4%A@db.example/yourls'])(
    'refuses %s with 400 naming database_url',
    (databaseUrl) => {
      expect(refusal(databaseUrl)).toEqual({ status: 400, message: YOURLS_URL_RULE });
    },
  );

  it('reads escaped parts as they were meant', () => {
    expect(parseYourlsConnection({ database_url: 'mysql://a%40b:p%2Fw@db.example:3307/my%20db' })).toMatchObject({
      host: 'db.example',
      port: 3307,
      user: 'a@b',
      password: 'p/w',
      database: 'my db',
    });
  });
});
