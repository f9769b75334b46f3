/**
 * A link list one page at a time, for the dashboard and the admin Links page alike: search, tag
 * filter and sort above the one link table, the pages below, and why a page is empty.
 */
import type { ReactNode } from 'react';
import type { LinkAuthor, LinkListQuery, TagsResponse } from '../../../../redirector/contract';
import type { LinksPage } from '../../api/linksPage';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Pagination, placeOf, urlPaging } from '../../components/Pagination';
import { LoadingState } from '../../components/Spinner';
import type { UrlQuery } from '../../components/useUrlQuery';
import { type LinkBulkActions, LinkBulkBar } from './LinkBulkBar';
import { LinkListToolbar } from './LinkListToolbar';
import { LinksTable, type LinksTableProps } from './LinksTable';
import { bulkFilterOf, isFiltered } from './linkListQuery';
import { linkListTexts } from './linkListTexts';
import { useLinkSelection } from './useLinkSelection';

export interface LinkListProps extends Pick<LinksTableProps, 'variant' | 'actions'> {
  /**
   * In a shared team (docs/api.md#teams-in-the-ui): the "Created by" column, and the filter offering
   * these members (empty while they load); none in the personal team and the admin list.
   */
  creators?: readonly LinkAuthor[];
  query: LinkListQuery;
  onQuery: UrlQuery<LinkListQuery>['update'];
  /** Undefined until the first answer. */
  page: LinksPage | null | undefined;
  tags: TagsResponse['tags'];
  /** What to show when there are no links at all. */
  empty: ReactNode;
  /** Selection and bulk actions (docs/api.md#bulk-changes); none for a read-only list. */
  bulk?: LinkBulkActions;
}

export function LinkList({ query, onQuery, page, tags, empty, bulk, creators, ...table }: LinkListProps) {
  const TEXTS = linkListTexts();
  const filter = bulkFilterOf(query);
  const selection = useLinkSelection(JSON.stringify(filter));
  if (!page) return <LoadingState message={TEXTS.loading} />;
  const filtered = isFiltered(query);
  // The account has links, every one archived: the list (and its archive filter) stays, never "no links yet".
  const allArchived = page.total === 0 && !filtered && (page.totals?.links ?? page.archived ?? 0) > 0;
  if (page.total === 0 && !filtered && query.page === 1 && !allArchived) return <>{empty}</>;
  return (
    <>
      <LinkListToolbar query={query} tags={tags} onChange={onQuery} creators={creators} />
      {bulk ? <LinkBulkBar {...bulk} selection={selection} total={page.total} filter={filter} /> : null}
      {page.links.length === 0 ? (
        allArchived ? (
          <EmptyState
            title={TEXTS.allArchived}
            description={TEXTS.allArchivedHint}
            action={<Button onClick={() => onQuery({ archived: 'only', page: 1 })}>{TEXTS.showArchived}</Button>}
          />
        ) : filtered ? (
          <EmptyState
            icon="search"
            title={TEXTS.noMatch}
            description={TEXTS.noMatchHint}
            action={
              <Button onClick={() => onQuery({ q: '', tag: '', archived: undefined, created_by: undefined })}>
                {TEXTS.clearFilters}
              </Button>
            }
          />
        ) : (
          <EmptyState
            title={TEXTS.pastLastPage}
            action={<Button onClick={() => onQuery({ page: 1 })}>{TEXTS.firstPage}</Button>}
          />
        )
      ) : (
        <LinksTable
          links={page.links}
          {...table}
          onTag={(tag) => onQuery({ tag })}
          showCreator={creators !== undefined}
          selection={bulk ? selection : undefined}
        />
      )}
      <Pagination
        {...placeOf(page, page.links.length)}
        hasPrev={page.hasPrev}
        hasNext={page.hasNext}
        {...urlPaging(onQuery)}
        label={TEXTS.pages}
      />
    </>
  );
}
