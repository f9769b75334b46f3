import { describe, expect, it } from 'vitest';
import { parseLinkListQuery, parseUserListQuery } from '../../../../redirector/contract';
import { readUrlQuery, writeUrlQuery } from '../../../../renderer/src/components/useUrlQuery';

const KEYS = ['q', 'tag', 'sort', 'order', 'page', 'per_page'];
const read = (search: string) => readUrlQuery(new URLSearchParams(search), KEYS, parseLinkListQuery);

describe('the list state in the address', () => {
  it('reads every field, with the defaults for what is absent', () => {
    expect(read('')).toEqual({ q: '', tag: '', sort: 'created_at', order: 'desc', page: 1, per_page: 50 });
    expect(read('q=sale&tag=Summer&sort=title&page=3&per_page=25')).toEqual({
      q: 'sale',
      tag: 'summer',
      sort: 'title',
      order: 'asc',
      page: 3,
      per_page: 25,
    });
  });

  it('drops a bad value typed by hand and keeps the rest', () => {
    expect(read('sort=colour&page=0&per_page=500&q=ok&order=up')).toEqual({
      q: 'ok',
      tag: '',
      sort: 'created_at',
      order: 'desc',
      page: 1,
      per_page: 50,
    });
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const write = (search: string, base = '') =>
      writeUrlQuery(read(search), KEYS, parseLinkListQuery, new URLSearchParams(base)).toString();
    expect(write('sort=created_at&order=desc&page=1&per_page=50')).toBe('');
    expect(write('sort=title&order=asc')).toBe('sort=title');
    expect(write('sort=title&order=desc')).toBe('sort=title&order=desc');
    expect(write('sort=clicks&q=a+b&page=2', 'link=7&page=9')).toBe('link=7&page=2&q=a+b&sort=clicks');
  });

  it('round-trips the users list too', () => {
    const users = readUrlQuery(new URLSearchParams('q=ann&page=2'), ['q', 'page', 'per_page'], parseUserListQuery);
    expect(users).toEqual({ q: 'ann', page: 2, per_page: 50 });
    expect(writeUrlQuery(users, ['q', 'page', 'per_page'], parseUserListQuery).toString()).toBe('q=ann&page=2');
  });
});
