/**
 * The words of the link lists' controls, shared by the dashboard and the admin Links page, read in
 * the language in use when called (catalogue: `links.list`).
 */
import type { LinkSort } from '../../../../redirector/contract';
import { catalogueTexts, i18next } from '../../i18n';

export function sortLabel(sort: LinkSort): string {
  return i18next.t(`links.list.sorts.${sort}`);
}

/** The entries read as they are, each under its own name. */
const PLAIN =
  'search searchPlaceholder tag anyTag sort ascending descending pages loading noMatch noMatchHint clearFilters pastLastPage firstPage allArchived allArchivedHint showArchived tags archived createdBy anyone';

export function linkListTexts() {
  const t = i18next.t;
  return {
    tagOption: (name: string, count: number) => t('links.list.tagOption', { name, count }),
    sortOption: (sort: LinkSort) => t('links.list.sortOption', { label: sortLabel(sort) }),
    filterByTag: (tag: string) => t('links.list.filterByTag', { tag }),
    creatorOption: (id: number) => t('links.list.creatorOption', { id }),
    archivedOptions: catalogueTexts('links.list.archivedOptions', 'hide only all'),
    ...catalogueTexts('links.list', PLAIN),
  };
}
