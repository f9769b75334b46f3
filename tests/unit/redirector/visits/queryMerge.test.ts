import { describe, expect, it } from 'vitest';
import { mergeQuery, visitQueryOf } from '../../../../redirector/visits/queryMerge';

describe('forward_query merging', () => {
  it('reads the query of a request target', () => {
    expect(visitQueryOf('/abc')).toBe('');
    expect(visitQueryOf('/abc?')).toBe('');
    expect(visitQueryOf('/abc?a=1&b=2')).toBe('a=1&b=2');
  });

  it('leaves the address alone when the visit has no parameters', () => {
    expect(mergeQuery('https://e.com/p?x=1#top', '')).toBe('https://e.com/p?x=1#top');
    expect(mergeQuery('https://e.com/p', '&&')).toBe('https://e.com/p');
  });

  it("puts the address's parameters first, then the visit's, before the fragment", () => {
    expect(mergeQuery('https://e.com/p', 'utm_source=nl')).toBe('https://e.com/p?utm_source=nl');
    expect(mergeQuery('https://e.com/p?a=1&b=2#frag', 'c=3')).toBe('https://e.com/p?a=1&b=2&c=3#frag');
  });

  it('lets a visit parameter replace every address parameter of the same name, names compared decoded', () => {
    expect(mergeQuery('https://e.com/?a=1&b=2&a=3', 'a=9')).toBe('https://e.com/?b=2&a=9');
    expect(mergeQuery('https://e.com/?utm%5Fsource=x&k=v', 'utm_source=y')).toBe('https://e.com/?k=v&utm_source=y');
    expect(mergeQuery('https://e.com/?flag&k=v', 'flag=1')).toBe('https://e.com/?k=v&flag=1');
  });

  it("keeps both sides' encoding as it was", () => {
    expect(mergeQuery('https://e.com/?q=a%20b', 'r=c+d&s=%E2%9C%93')).toBe('https://e.com/?q=a%20b&r=c+d&s=%E2%9C%93');
    expect(mergeQuery('https://e.com/?q=a', 'bad=%zz')).toBe('https://e.com/?q=a&bad=%zz');
  });
});
