/**
 * The latest clicks, kept for the live stream, the webhooks and the broker (docs/performance.md#events):
 * all three read the same new clicks, and on SQLite reading them (a row object of 14 columns each)
 * cost several µs a click each time. SQLite only: clicks commit there in id order, so what one read
 * of every non-bot click after an id found is all there is up to its last id, for good. While
 * someone reads (within ASKED_WITHIN_MS), the click writer hands each committed batch over
 * (`stored`), so that the new clicks are never read back at all; before that, and after a batch
 * that does not follow (a click stored by another process), the window is what the reads found.
 *
 * A click's own columns never change; its link's (short code, team, domain) may, and a deleted
 * link takes its clicks with it. So what is kept is the click, and its link's columns are read
 * again (one query per page of clicks) each time it is served, as the join would give them now.
 * The clicks are kept in columns, not as an object each (keptClickRing.ts).
 */
import type { Scope } from '../../auth/scope';
import type { Executor } from '../executor';
import type { FeedClick, FeedQuery } from './feedClick';
import { type KeptClick, KeptClickRing, type LinkColumns } from './keptClickRing';
import { teamValue } from './scopeFilter';

export type { KeptClick } from './keptClickRing';

/** Clicks kept at most (about 2 MB): a webhook further behind than this reads the database. */
export const RECENT_CLICKS = 15_000;
/**
 * Clicks whose links are read again in one query: the stream's whole read (up to 1,000, the
 * stream's REPLAY_LIMIT) at once, so that a link clicked often is looked up once a read, not once
 * a page (docs/performance.md#events).
 */
const PAGE = 1000;
/** The writer keeps its batches here only while the window was asked within this long. */
export const ASKED_WITHIN_MS = 60_000;

export interface RecentClicks {
  /** The query's answer from the kept clicks; undefined when they cannot tell it all. */
  serve(query: FeedQuery): Promise<FeedClick[] | undefined>;
  /** Keeps what a query of every team's clicks after an id found, when it follows what is kept. */
  note(query: FeedQuery, rows: readonly FeedClick[]): void;
  /** Whether the click writer should hand its batches over: someone read the window within ASKED_WITHIN_MS. */
  wanted(): boolean;
  /**
   * A batch the click writer committed (asked only when `wanted`): it took every id from `firstId`
   * to `lastId`, and `clicks` are its non-bot, non-imported ones.
   */
  stored(firstId: number, lastId: number, clicks: readonly KeptClick[]): void;
  /**
   * Calls `listener` each time the clicks the writer handed over have moved on by `every` ids since
   * its last call, so that a reader that waits between reads (a webhook, the broker) can read again
   * before the window passes it; the returned function stops the calls.
   */
  onAdvance(every: number, listener: () => void): () => void;
}

/** The team whose clicks the scope reaches ('all': every team's); undefined: a rule the window does not apply (own links only). */
function reachOf(scope: Scope): number | null | 'all' | undefined {
  if (scope.reach === 'all') return 'all';
  if (scope.team?.ownLinksOnly) return undefined;
  return teamValue(scope);
}

/** Links' columns kept at most between two changes of the links (a few MB). */
const LINKS_KEPT = 50_000;

/** The links' columns of these ids, as they are now. */
async function readLinks(db: Executor, ids: readonly number[]): Promise<Map<number, LinkColumns>> {
  // One statement whatever the number of links (SQLite's json_each), prepared once.
  const sql =
    'SELECT id, short_code, user_id, team_id, domain, created_by FROM links WHERE id IN (SELECT value FROM json_each(?))';
  const params = [JSON.stringify(ids)];
  if (db.arrays) {
    const rows = await db.arrays(sql, params);
    return new Map(
      rows.map(([id, short_code, user_id, team_id, domain, created_by]) => [
        Number(id),
        { short_code, user_id, team_id, domain, created_by } as LinkColumns,
      ]),
    );
  }
  const found = await db.all<LinkColumns & { id: number }>(sql, params);
  return new Map(
    found.map(({ id, created_by, ...link }) => [
      Number(id),
      { ...link, created_by: created_by === null || created_by === undefined ? null : Number(created_by) },
    ]),
  );
}

/**
 * The links' columns of pages of kept clicks, as they are now. With `changes` (sqlite/linkChanges.ts)
 * what was read is kept until a link may have changed, so the stream, the webhooks and the broker
 * serving the same clicks read each link once between them (docs/performance.md#events); without
 * it, each page reads its links again.
 */
function linkReader(db: Executor, changes: (() => string) | undefined) {
  let kept = new Map<number, LinkColumns>();
  let keptAt: string | undefined;
  /** The links of the kept clicks from position `start` up to (not including) `end`. */
  return async (ring: KeptClickRing, start: number, end: number): Promise<Map<number, LinkColumns>> => {
    const ids = new Set<number>();
    for (let i = start; i < end; i++) ids.add(ring.linkId(i));
    const wanted = [...ids];
    if (!changes) return readLinks(db, wanted);
    const now = changes();
    if (now !== keptAt || kept.size > LINKS_KEPT) {
      kept = new Map();
      keptAt = now;
    }
    const missing = wanted.filter((id) => !kept.has(id));
    if (missing.length > 0) {
      const found = await readLinks(db, missing);
      // A link changed while it was read: what was read is as the database is now, but not kept.
      if (changes() !== keptAt) return found.size === wanted.length ? found : readLinks(db, wanted);
      for (const [id, link] of found) kept.set(id, link);
    }
    return kept;
  };
}

/** `linkChanges`: the token of sqlite/linkChanges.ts, with which the links' columns are kept between reads. */
export function createRecentClicks(
  db: Executor,
  keep = RECENT_CLICKS,
  clock = Date.now,
  linkChanges?: () => string,
): RecentClicks {
  const linksOf = linkReader(db, linkChanges);
  /** Every non-bot, non-imported click with an id in (ring.after, to], in id order. */
  const ring = new KeptClickRing(keep);
  let to = 0;
  /** Whether the last batch the writer committed was kept: reads' notes then change nothing. */
  let fedByWriter = false;
  let askedAt = Number.NEGATIVE_INFINITY;
  /** onAdvance's listeners, each with the last id it was called at. */
  const advances = new Set<{ every: number; listener: () => void; at: number }>();

  /** Whether nothing was stored past `to` (the database's highest click id is not above it). */
  async function nothingPast(): Promise<boolean> {
    const row = await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM clicks');
    return Number(row?.id ?? 0) <= to;
  }

  return {
    async serve(query) {
      askedAt = clock();
      const reach = reachOf(query.scope);
      if (query.linkId !== undefined || reach === undefined || to === 0 || query.after < ring.after) return;
      // Everything up to `upTo` is known when it is at most the last kept id, and without a bound when
      // nothing was stored past it; else a short answer may lack some.
      const complete = query.upTo !== undefined ? query.upTo <= to : await nothingPast();
      // The writer may have handed a batch over meanwhile: one that did not follow started the window again.
      if (query.after < ring.after) return;
      // Read in place, not copied (a webhook's message of 100 clicks would copy every click after its
      // cursor); positions, so that clicks added while the links are read do not move what is read.
      const end = ring.firstAbove(Math.min(query.upTo ?? to, to));
      const out: FeedClick[] = [];
      // A page no longer than the answer still wants: most clicks' links stand, so few are read in vain.
      for (let at = ring.firstAbove(query.after); at < end && out.length < query.limit; ) {
        const pageEnd = Math.min(end, at + Math.min(PAGE, query.limit - out.length));
        const links = await linksOf(ring, at, pageEnd);
        // The ring went round over these clicks while their links were read: the database answers.
        if (!ring.intact(at)) return;
        for (; at < pageEnd; at++) {
          const link = links.get(ring.linkId(at));
          if (!link || (reach !== 'all' && link.team_id !== reach)) continue;
          out.push(ring.served(at, link));
          if (out.length === query.limit) return out;
        }
      }
      return complete ? out : undefined;
    },
    note(query, found) {
      askedAt = clock();
      if (query.linkId !== undefined || query.upTo !== undefined || reachOf(query.scope) !== 'all') return;
      if (found.length === 0) return;
      if (query.after !== to) {
        // A read behind what the writer handed over is not kept: the window stays the writer's.
        if (fedByWriter) return;
        ring.restart(query.after);
      }
      for (const click of found) ring.add(click);
      to = found[found.length - 1]!.id;
    },
    wanted() {
      const asked = clock() - askedAt <= ASKED_WITHIN_MS;
      // A batch not handed over leaves a hole: what follows it does not follow what is kept.
      if (!asked) fedByWriter = false;
      return asked;
    },
    stored(firstId, lastId, clicks) {
      // A batch that does not follow what is kept (another process stored clicks between): start again from it.
      if (firstId !== to + 1) ring.restart(firstId - 1);
      for (const click of clicks) ring.add(click);
      to = lastId;
      fedByWriter = true;
      for (const advance of advances) {
        if (to - advance.at < advance.every) continue;
        advance.at = to;
        advance.listener();
      }
    },
    onAdvance(every, listener) {
      const advance = { every, listener, at: to };
      advances.add(advance);
      return () => advances.delete(advance);
    },
  };
}
