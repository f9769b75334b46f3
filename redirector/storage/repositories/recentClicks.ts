/**
 * The clicks the live stream read last, kept for the webhooks and the broker (docs/performance.md#events):
 * all three read the same new clicks, and on SQLite reading them (a row object of 14 columns each)
 * cost several µs a click each time. SQLite only: clicks commit there in id order, so what one read
 * of every non-bot click after an id found is all there is up to its last id, for good.
 *
 * A click's own columns never change; its link's (short code, team, domain) may, and a deleted
 * link takes its clicks with it. So what is kept is the click, and its link's columns are read
 * again (one query per page of clicks) each time it is served, as the join would give them now.
 */
import type { Scope } from '../../auth/scope';
import type { Executor } from '../executor';
import type { FeedClick, FeedQuery } from './feedClick';
import { teamValue } from './scopeFilter';

/** Clicks kept at most (a few MB): a webhook further behind than this reads the database. */
export const RECENT_CLICKS = 10_000;
/** Clicks whose links are read again in one query. */
const PAGE = 200;

type LinkColumns = Pick<FeedClick, 'short_code' | 'user_id' | 'team_id' | 'domain'>;

export interface RecentClicks {
  /** The query's answer from the kept clicks; undefined when they cannot tell it all. */
  serve(query: FeedQuery): Promise<FeedClick[] | undefined>;
  /** Keeps what a query of every team's clicks after an id found, when it follows what is kept. */
  note(query: FeedQuery, rows: readonly FeedClick[]): void;
}

/** The team whose clicks the scope reaches ('all': every team's); undefined: a rule the window does not apply (own links only). */
function reachOf(scope: Scope): number | null | 'all' | undefined {
  if (scope.reach === 'all') return 'all';
  if (scope.team?.ownLinksOnly) return undefined;
  return teamValue(scope);
}

/** The index of the first kept click above `id`. */
function firstAbove(rows: readonly FeedClick[], id: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.id > id) high = middle;
    else low = middle + 1;
  }
  return low;
}

export function createRecentClicks(db: Executor, keep = RECENT_CLICKS): RecentClicks {
  /** Every non-bot, non-imported click with an id in (from, to], in id order. */
  let rows: FeedClick[] = [];
  let from = 0;
  let to = 0;

  async function linksOf(page: readonly FeedClick[]): Promise<Map<number, LinkColumns>> {
    const ids = [...new Set(page.map((click) => Number(click.link_id)))];
    // One statement whatever the number of links (SQLite's json_each), prepared once.
    const sql =
      'SELECT id, short_code, user_id, team_id, domain FROM links WHERE id IN (SELECT value FROM json_each(?))';
    const params = [JSON.stringify(ids)];
    if (db.arrays) {
      const rows = await db.arrays(sql, params);
      return new Map(
        rows.map(([id, short_code, user_id, team_id, domain]) => [
          Number(id),
          { short_code, user_id, team_id, domain } as LinkColumns,
        ]),
      );
    }
    const found = await db.all<LinkColumns & { id: number }>(sql, params);
    return new Map(found.map(({ id, ...link }) => [Number(id), link]));
  }

  return {
    async serve(query) {
      const reach = reachOf(query.scope);
      if (query.linkId !== undefined || reach === undefined || rows.length === 0 || query.after < from) return;
      // Everything up to `upTo` is known when it is at most the last kept id; else a short answer may lack some.
      const complete = query.upTo !== undefined && query.upTo <= to;
      const end = Math.min(query.upTo ?? to, to);
      const kept = rows.slice(firstAbove(rows, query.after), firstAbove(rows, end));
      const out: FeedClick[] = [];
      // A page no longer than the answer still wants: most clicks' links stand, so few are read in vain.
      for (let start = 0; start < kept.length && out.length < query.limit; ) {
        const page = kept.slice(start, start + Math.min(PAGE, query.limit - out.length));
        start += page.length;
        const links = await linksOf(page);
        for (const click of page) {
          const link = links.get(Number(click.link_id));
          if (!link || (reach !== 'all' && link.team_id !== reach)) continue;
          out.push({ ...click, ...link });
          if (out.length === query.limit) return out;
        }
      }
      return complete ? out : undefined;
    },
    note(query, found) {
      if (query.linkId !== undefined || query.upTo !== undefined || reachOf(query.scope) !== 'all') return;
      if (found.length === 0) return;
      if (rows.length === 0 || query.after !== to) {
        rows = [];
        from = query.after;
      }
      rows.push(...found);
      to = found[found.length - 1]!.id;
      if (rows.length > keep) {
        const dropped = rows.length - keep;
        from = rows[dropped - 1]!.id;
        rows = rows.slice(dropped);
      }
    },
  };
}
