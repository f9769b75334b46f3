/**
 * Where the live stream reads new clicks from (docs/api.md#live-stream). On PostgreSQL several
 * batches commit at once and a lower click id may become visible after a higher one: an id the
 * stream passed without seeing it (a gap) is looked at again on each poll for GAP_LAG_MS, by which
 * time the batch that took it has committed, so no click is skipped. Most gaps are bots' clicks,
 * which the stream never shows. On SQLite clicks commit in id order and there are no gaps to keep.
 */

/** As long as a batch may take to commit after a later one (clickHorizon.ts waits as long). */
export const GAP_LAG_MS = 2000;
/** Gaps kept at most: beyond this many (a flood of bots' clicks) the oldest are let go. */
const MAX_GAPS = 2000;

export interface ClickGaps {
  /** The highest click id read: new clicks are those above it. */
  readonly highest: number;
  /** The ids to look at again (those older than GAP_LAG_MS are let go first). */
  open(now: number): number[];
  /** Whether `id` is a gap still looked at. */
  isGap(id: number): boolean;
  /** Takes the clicks read (new ones and gaps found), in any order; returns those not taken before, in id order. */
  take<T extends { id: number }>(rows: readonly T[], now: number): T[];
}

export function clickGaps(start: number, lagMs: number): ClickGaps {
  let highest = start;
  /** Gap id → when it was first missed. */
  const gaps = new Map<number, number>();
  return {
    get highest() {
      return highest;
    },
    open(now) {
      for (const [id, since] of gaps) if (now - since >= lagMs) gaps.delete(id);
      return [...gaps.keys()];
    },
    isGap: (id) => gaps.has(id),
    take(rows, now) {
      const fresh = rows.filter((row) => row.id > highest || gaps.delete(row.id));
      fresh.sort((a, b) => a.id - b.id);
      const top = fresh.length > 0 ? Math.max(highest, fresh[fresh.length - 1]!.id) : highest;
      if (lagMs > 0 && top > highest) {
        const taken = new Set(fresh.map((row) => row.id));
        for (let id = Math.max(highest + 1, top - MAX_GAPS); id < top; id++) if (!taken.has(id)) gaps.set(id, now);
        for (const id of gaps.keys()) {
          if (gaps.size <= MAX_GAPS) break;
          gaps.delete(id);
        }
      }
      highest = top;
      return fresh;
    },
  };
}
