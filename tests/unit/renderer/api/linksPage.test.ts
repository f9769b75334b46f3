import { describe, expect, it } from 'vitest';
import { type LinkListQuery, parseLinkListQuery } from '../../../../redirector/contract';
import { adminLinksPage, linkRelations, listQueryParams, userLinksPage } from '../../../../renderer/src/api/linksPage';
import { apiLink } from '../../../helpers/linkFixtures';

function query(params: Record<string, string> = {}): LinkListQuery {
  const parsed = parseLinkListQuery(params);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
}

describe('listQueryParams', () => {
  it("sends only what differs from the server's defaults", () => {
    expect(listQueryParams(query())).toEqual({
      q: undefined,
      tag: undefined,
      sort: undefined,
      order: undefined,
      page: undefined,
      per_page: undefined,
    });
    expect(
      listQueryParams(query({ q: 'sale', tag: 'summer', sort: 'title', order: 'desc', page: '3', per_page: '10' })),
    ).toEqual({ q: 'sale', tag: 'summer', sort: 'title', order: 'desc', page: 3, per_page: 10 });
    // asc is the default order of titles, desc of clicks.
    expect(listQueryParams(query({ sort: 'title', order: 'asc' })).order).toBeUndefined();
    expect(listQueryParams(query({ sort: 'clicks', order: 'asc' })).order).toBe('asc');
    // A creator (docs/api.md#links-of-a-team) goes to the list call as the address holds it.
    expect(listQueryParams(query({ created_by: '7' })).created_by).toBe(7);
  });
});

describe('linkRelations', () => {
  it('reads the relations of an RFC 8288 Link header', () => {
    const header = '<http://me.example/api/links?page=3>; rel="next", <http://me.example/api/links?page=1>; rel="prev"';
    expect([...linkRelations(header)].sort()).toEqual(['next', 'prev']);
    expect([...linkRelations('<http://x/?page=2>; rel=next')]).toEqual(['next']);
    expect(linkRelations(null).size).toBe(0);
  });
});

describe('adminLinksPage', () => {
  const links = [apiLink({ id: 1 }), apiLink({ id: 2 })];

  it('takes the count from X-Total-Count and the way on from the Link header', () => {
    const headers = new Headers({
      'X-Total-Count': '62',
      Link: '<http://x/api/links?page=3&per_page=2>; rel="next", <http://x/api/links?page=1&per_page=2>; rel="prev"',
    });
    expect(adminLinksPage(links, headers, query({ page: '2', per_page: '2' }))).toMatchObject({
      total: 62,
      page: 2,
      per_page: 2,
      hasPrev: true,
      hasNext: true,
    });
    const last = new Headers({ 'X-Total-Count': '4', Link: '<http://x/api/links?page=1&per_page=2>; rel="prev"' });
    expect(adminLinksPage(links, last, query({ page: '2', per_page: '2' }))).toMatchObject({
      hasPrev: true,
      hasNext: false,
    });
  });

  it('without a Link header, counts the pages from the total', () => {
    const one = adminLinksPage(links, new Headers({ 'X-Total-Count': '2' }), query());
    expect(one).toMatchObject({ total: 2, hasPrev: false, hasNext: false });
    const more = adminLinksPage(links, new Headers({ 'X-Total-Count': '5' }), query({ per_page: '2' }));
    expect(more).toMatchObject({ total: 5, hasNext: true });
  });
});

describe('userLinksPage', () => {
  it('knows the pages around it from total, page and per_page', () => {
    const totals = { links: 61, clicks: 900, unique_visitors: 40 };
    const middle = userLinksPage({ links: [apiLink()], total: 61, page: 2, per_page: 25, totals });
    expect(middle).toMatchObject({ hasPrev: true, hasNext: true, totals });
    const last = userLinksPage({ links: [apiLink()], total: 61, page: 3, per_page: 25, totals });
    expect(last).toMatchObject({ hasPrev: true, hasNext: false });
  });
});
