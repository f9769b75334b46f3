import { describe } from 'vitest';
import { mergeQuery, visitQueryOf } from '../../../../redirector/visits/queryMerge';
import { itReturns } from '../../../helpers/tables';

const merged = ([address, query]: [string, string]) => mergeQuery(address, query);

describe('forward_query merging', () => {
  itReturns('reads the query of a request target: %s', visitQueryOf, [
    ['/abc', ''],
    ['/abc?', ''],
    ['/abc?a=1&b=2', 'a=1&b=2'],
  ]);

  itReturns('leaves the address alone when the visit has no parameters: %j', merged, [
    [['https://e.com/p?x=1#top', ''], 'https://e.com/p?x=1#top'],
    [['https://e.com/p', '&&'], 'https://e.com/p'],
  ]);

  itReturns("puts the address's parameters first, then the visit's, before the fragment: %j", merged, [
    [['https://e.com/p', 'utm_source=nl'], 'https://e.com/p?utm_source=nl'],
    [['https://e.com/p?a=1&b=2#frag', 'c=3'], 'https://e.com/p?a=1&b=2&c=3#frag'],
  ]);

  itReturns(
    'lets a visit parameter replace every address parameter of the same name, names compared decoded: %j',
    merged,
    [
      [['https://e.com/?a=1&b=2&a=3', 'a=9'], 'https://e.com/?b=2&a=9'],
      [['https://e.com/?utm%5Fsource=x&k=v', 'utm_source=y'], 'https://e.com/?k=v&utm_source=y'],
      [['https://e.com/?flag&k=v', 'flag=1'], 'https://e.com/?k=v&flag=1'],
    ],
  );

  itReturns("keeps both sides' encoding as it was: %j", merged, [
    [['https://e.com/?q=a%20b', 'r=c+d&s=%E2%9C%93'], 'https://e.com/?q=a%20b&r=c+d&s=%E2%9C%93'],
    [['https://e.com/?q=a', 'bad=%zz'], 'https://e.com/?q=a&bad=%zz'],
  ]);
});
