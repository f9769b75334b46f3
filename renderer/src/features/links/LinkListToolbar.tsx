/**
 * Search, tag, archive and creator filters and sort of a link list; every change goes to the list
 * state in the address.
 */
import {
  type ArchivedFilter,
  defaultOrder,
  LINK_SORTS,
  type LinkAuthor,
  type LinkListQuery,
  type LinkSort,
} from '../../../../redirector/contract';
import { IconButton } from '../../components/Button';
import { ChoiceOptions } from '../../components/ChoiceOptions';
import { SearchToolbar } from '../../components/SearchBox';
import { linkListTexts } from './linkListTexts';

export interface LinkListToolbarProps {
  query: LinkListQuery;
  /** Tags in use, with their number of links. */
  tags: { name: string; links: number }[];
  onChange: (patch: Partial<LinkListQuery>, options?: { replace?: boolean }) => void;
  /** Whose links the list may be narrowed to (`created_by`, docs/api.md#teams-in-the-ui); no filter without. */
  creators?: readonly LinkAuthor[];
}

/** "Created by": anyone, or one of `creators` (a creator in the address that is not one still shows as chosen). */
function CreatorFilter({ query, creators, onChange }: Required<Omit<LinkListToolbarProps, 'tags'>>) {
  const TEXTS = linkListTexts();
  const chosen = query.created_by;
  const known = chosen === undefined || creators.some((creator) => creator.id === chosen);
  const choices = creators.map((creator) => [creator.id, creator.name] as const);
  return (
    <select
      className="input"
      aria-label={TEXTS.createdBy}
      value={chosen ?? ''}
      onChange={(event) => onChange({ created_by: event.target.value ? Number(event.target.value) : undefined })}
    >
      <ChoiceOptions
        none={TEXTS.anyone}
        choices={known ? choices : [[chosen, TEXTS.creatorOption(chosen)] as const, ...choices]}
      />
    </select>
  );
}

export function LinkListToolbar({ query, tags, onChange, creators }: LinkListToolbarProps) {
  const TEXTS = linkListTexts();
  // A tag in the address that no link carries any more still shows as chosen.
  const tagOptions =
    query.tag && !tags.some((tag) => tag.name === query.tag) ? [{ name: query.tag, links: 0 }, ...tags] : tags;
  const ascending = query.order === 'asc';
  return (
    <SearchToolbar q={query.q} onQuery={onChange} label={TEXTS.search} placeholder={TEXTS.searchPlaceholder}>
      <select
        className="input"
        aria-label={TEXTS.tag}
        value={query.tag}
        onChange={(event) => onChange({ tag: event.target.value })}
      >
        <ChoiceOptions
          none={TEXTS.anyTag}
          choices={tagOptions.map((tag) => [tag.name, TEXTS.tagOption(tag.name, tag.links)])}
        />
      </select>
      <select
        className="input"
        aria-label={TEXTS.archived}
        value={query.archived ?? ''}
        onChange={(event) => onChange({ archived: (event.target.value || undefined) as ArchivedFilter | undefined })}
      >
        <option value="">{TEXTS.archivedOptions.hide}</option>
        <option value="only">{TEXTS.archivedOptions.only}</option>
        <option value="all">{TEXTS.archivedOptions.all}</option>
      </select>
      {creators ? <CreatorFilter query={query} creators={creators} onChange={onChange} /> : null}
      <div className="row" style={{ gap: 4, flexWrap: 'nowrap' }}>
        <select
          className="input"
          aria-label={TEXTS.sort}
          value={query.sort}
          onChange={(event) => {
            const sort = event.target.value as LinkSort;
            onChange({ sort, order: defaultOrder(sort) });
          }}
        >
          {LINK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {TEXTS.sortOption(sort)}
            </option>
          ))}
        </select>
        <IconButton
          icon={ascending ? 'sortAsc' : 'sortDesc'}
          label={ascending ? TEXTS.ascending : TEXTS.descending}
          onClick={() => onChange({ order: ascending ? 'desc' : 'asc' })}
        />
      </div>
    </SearchToolbar>
  );
}
