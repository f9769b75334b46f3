/** Routing by host (docs/api.md#custom-domains): which code space a request's host picks. */
import { describe, expect, it } from 'vitest';
import { requestHost, routeByHost } from '../../../../redirector/visits/hostRoute';

const OWNERS = new Map([['go.ann.example', 7]]);
const ownerOf = (host: string) => OWNERS.get(host);
/** As the edge reads a short code: GET/HEAD/POST of /<code>, nothing else. */
const shortCodeOf = (method: string | undefined, url: string | undefined) =>
  method && ['GET', 'HEAD', 'POST'].includes(method) ? /^\/([A-Za-z0-9_-]+)(?:\?|$)/.exec(url ?? '')?.[1] : undefined;
const route = (host: string | undefined, url: string, method = 'GET') =>
  routeByHost({ host, method, url }, shortCodeOf, ownerOf);

describe('routeByHost', () => {
  it('routes a verified domain’s codes to it, whatever the case, port and final dot', () => {
    for (const host of ['go.ann.example', 'GO.Ann.Example:8443', 'go.ann.example.']) {
      expect(route(host, '/spring?x=1')).toEqual({
        kind: 'short-link',
        domain: 'go.ann.example',
        teamId: 7,
        shortCode: 'spring',
      });
    }
    expect(route('go.ann.example', '/spring', 'POST')).toMatchObject({ kind: 'short-link' });
  });

  it('sends / to the owner’s home (the hub page) and every other path of a verified domain to the 404 page', () => {
    expect(route('go.ann.example', '/')).toEqual({ kind: 'home', domain: 'go.ann.example', teamId: 7 });
    expect(route('go.ann.example', '/?utm=1', 'HEAD')).toEqual({ kind: 'home', domain: 'go.ann.example', teamId: 7 });
    for (const url of ['/api/config', '/a/b', '/favicon.ico'])
      expect(route('go.ann.example', url)).toEqual({ kind: 'not-found' });
    expect(route('go.ann.example', '/', 'POST')).toEqual({ kind: 'not-found' });
  });

  it('treats every other host as the default domain', () => {
    for (const host of ['me.example', '127.0.0.1:8080', 'localhost', 'unverified.example', '[::1]:80', undefined]) {
      expect(route(host, '/spring')).toEqual({ kind: 'default-link', shortCode: 'spring' });
      expect(route(host, '/api/config')).toEqual({ kind: 'elsewhere' });
    }
  });
});

describe('requestHost', () => {
  it('reads Host, or the rightmost X-Forwarded-Host behind a trusted proxy', () => {
    const headers = { host: 'me.example', 'x-forwarded-host': 'forged.example, go.ann.example' };
    expect(requestHost(headers, false)).toBe('me.example');
    expect(requestHost(headers, true)).toBe('go.ann.example');
    expect(requestHost({ host: 'me.example' }, true)).toBe('me.example');
  });
});
