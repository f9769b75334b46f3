/**
 * The words of the link lists' controls, shared by the dashboard and the admin Links page, read in
 * the language in use when called (catalogue: `links.list`).
 */
import type { LinkSort } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export function sortLabel(sort: LinkSort): string {
  return i18next.t(`links.list.sorts.${sort}`);
}

export function linkListTexts() {
  const t = i18next.t;
  return {
    search: t('links.list.search'),
    searchPlaceholder: t('links.list.searchPlaceholder'),
    tag: t('links.list.tag'),
    anyTag: t('links.list.anyTag'),
    tagOption: (name: string, count: number) => t('links.list.tagOption', { name, count }),
    sort: t('links.list.sort'),
    sortOption: (sort: LinkSort) => t('links.list.sortOption', { label: sortLabel(sort) }),
    ascending: t('links.list.ascending'),
    descending: t('links.list.descending'),
    pages: t('links.list.pages'),
    loading: t('links.list.loading'),
    noMatch: t('links.list.noMatch'),
    noMatchHint: t('links.list.noMatchHint'),
    clearFilters: t('links.list.clearFilters'),
    pastLastPage: t('links.list.pastLastPage'),
    firstPage: t('links.list.firstPage'),
    filterByTag: (tag: string) => t('links.list.filterByTag', { tag }),
    tags: t('links.list.tags'),
  };
}
