/**
 * The link list's selection (docs/api.md#bulk-changes): links ticked one by one (kept across pages),
 * or "all matching", every link the list's filters select on every page, which a bulk change then
 * names by filter instead of ids. A change of the filters starts again with nothing selected.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MAX_BULK_IDS } from '../../../../redirector/contract';

export interface LinkSelection {
  ids: ReadonlySet<number>;
  /** Every link matching the filters, on every page. */
  allMatching: boolean;
  toggle(id: number): void;
  /** Ticks every link of the page, or unticks them when all already are. */
  togglePage(pageIds: readonly number[]): void;
  selectAllMatching(): void;
  clear(): void;
}

/** `filterKey`: the list's filters as text; when it changes, the selection is cleared. */
export function useLinkSelection(filterKey: string): LinkSelection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clear = useCallback(() => {
    setIds(new Set());
    setAllMatching(false);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters changing is the cause
  useEffect(clear, [filterKey, clear]);

  return useMemo(
    () => ({
      ids,
      allMatching,
      toggle(id) {
        setAllMatching(false);
        setIds((current) => {
          const next = new Set(current);
          if (!next.delete(id) && next.size < MAX_BULK_IDS) next.add(id);
          return next;
        });
      },
      togglePage(pageIds) {
        setAllMatching(false);
        setIds((current) => {
          const next = new Set(current);
          const every = pageIds.every((id) => current.has(id));
          for (const id of pageIds) {
            if (every) next.delete(id);
            else if (next.size < MAX_BULK_IDS) next.add(id);
          }
          return next;
        });
      },
      selectAllMatching: () => setAllMatching(true),
      clear,
    }),
    [ids, allMatching, clear],
  );
}
