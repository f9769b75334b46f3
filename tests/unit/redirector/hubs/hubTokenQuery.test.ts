import { describe, expect, it } from 'vitest';
import { takeHubToken } from '../../../../redirector/hubs/hubTokenQuery';

const TOKEN = 'sxyz12.AbCdEfGhIjKlMnOpQrStUv';

describe('takeHubToken', () => {
  it('leaves a query without the parameter as it is', () => {
    for (const query of ['', 'a=1', 'a=1&&b', 'some_me_hub=1', 'me_hubs=2']) {
      expect(takeHubToken(query)).toEqual({ query, hubToken: '' });
    }
  });

  it('takes the token out wherever it is, keeping the rest in order and as encoded', () => {
    expect(takeHubToken(`me_hub=${TOKEN}`)).toEqual({ query: '', hubToken: TOKEN });
    expect(takeHubToken(`utm_source=a%20b&me_hub=${TOKEN}&b=2`)).toEqual({
      query: 'utm_source=a%20b&b=2',
      hubToken: TOKEN,
    });
  });

  it('drops a parameter that is not shaped like a token, so it is never forwarded nor echoed', () => {
    expect(takeHubToken('a=1&me_hub=%22%3E%3Cscript%3E')).toEqual({ query: 'a=1', hubToken: '' });
    expect(takeHubToken('me_hub=&a=1')).toEqual({ query: 'a=1', hubToken: '' });
  });
});
