/**
 * `linksAfter` (importSource.ts) over an HTTP API that pages by number or by a next link
 * (docs/api.md#imports): pages are read on in order while each call goes on from the last ref it
 * answered. A call after another ref (a job resumed after a restart) reads from the first page and
 * goes on after that ref; when the ref is no longer there, from the first link (the links imported
 * before are recognised and skipped, so nothing is created twice).
 */
import type { SourceLink } from './importSource';

/** One page: its links and the cursor of the next (null: the last page). */
export interface LinkPage<Cursor> {
  rows: SourceLink[];
  next: Cursor | null;
}

export function pagedLinks<Cursor>(
  first: Cursor,
  fetchPage: (cursor: Cursor) => Promise<LinkPage<Cursor>>,
): (after: string | null, limit: number) => Promise<SourceLink[]> {
  let buffer: SourceLink[] = [];
  let next: Cursor | null = first;
  let lastRef: string | null = null;

  const restart = () => {
    buffer = [];
    next = first;
  };
  /** Reads one more page into the buffer; false at the end. */
  const fill = async () => {
    if (next === null) return false;
    const page = await fetchPage(next);
    buffer.push(...page.rows);
    // A page without links ends the list, whatever the source says of a next one.
    next = page.rows.length === 0 ? null : page.next;
    return true;
  };
  /** Drops the links up to `ref`; false when it is not among them. */
  const skipPast = async (ref: string) => {
    for (;;) {
      const at = buffer.findIndex((row) => row.ref === ref);
      if (at >= 0) {
        buffer.splice(0, at + 1);
        return true;
      }
      buffer = [];
      if (!(await fill())) return false;
    }
  };

  return async (after, limit) => {
    if (after === null || after !== lastRef) {
      restart();
      if (after !== null && !(await skipPast(after))) restart();
    }
    while (buffer.length < limit && (await fill()));
    const rows = buffer.splice(0, limit);
    lastRef = rows.length > 0 ? rows[rows.length - 1]!.ref : after;
    return rows;
  };
}
