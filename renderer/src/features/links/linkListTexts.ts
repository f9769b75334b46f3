/** The words of the link lists' controls, shared by the dashboard and the admin Links page. */
import type { LinkSort } from '../../../../redirector/contract';

export const SORT_LABELS: Record<LinkSort, string> = {
  created_at: 'Created',
  clicks: 'Clicks',
  title: 'Title',
  short_code: 'Code',
};

export const LINK_LIST_TEXTS = {
  search: 'Search links',
  searchPlaceholder: 'Search by code, title or address',
  tag: 'Tag',
  anyTag: 'All tags',
  sort: 'Sort by',
  ascending: 'Ascending order (switch to descending)',
  descending: 'Descending order (switch to ascending)',
  pages: 'Link pages',
  noMatch: 'No links match',
  noMatchHint: 'Try another search or tag.',
  clearFilters: 'Clear filters',
  pastLastPage: 'This page is empty',
  firstPage: 'Go to the first page',
  filterByTag: (tag: string) => `Show links tagged ${tag}`,
};
