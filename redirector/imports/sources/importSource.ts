/**
 * What every import source answers (docs/api.md#imports): its links and its clicks in pages, each
 * page after the last one's position, so that a job resumed after a restart reads on from its
 * checkpoint. `close` also ends a read in flight (a stopping service does not wait for it).
 */

export interface SourceLink {
  /** The source's own id of the link: the same on every read, kept as the link's `import_ref`. */
  ref: string;
  short_code: string;
  target_url: string;
  title: string | null;
  /** Epoch milliseconds; null when the source does not say. */
  created_at: number | null;
  /** More of the link, as a create's fields (docs/api.md#links): tags, expiry, click limit, … */
  fields?: Record<string, unknown>;
  /** The source's host of the link when it is not the source's default one. */
  domain?: string | null;
  /** The source's total of the link's clicks, where it keeps no history of them (Kutt, Bitly). */
  imported_clicks?: number;
  /** What the import leaves out of the link, listed as problems of its row (the link is imported). */
  warnings?: string[];
}

export interface SourceClick {
  /** The source's increasing id of the click (the clicks' checkpoint). */
  position: number;
  /** The `ref` of the click's link. */
  link_ref: string;
  /** Epoch milliseconds; null when the source's time cannot be read (the click is left out). */
  clicked_at: number | null;
  /** As the source kept it: empty or "direct" for none. */
  referrer: string;
  user_agent: string;
  /** ISO 3166-1 alpha-2 as the source kept it, or empty. */
  country: string;
  /** The visitor's address as the source kept it, or empty. */
  ip_address: string;
  /** The city the source located the visit in, if any. */
  city?: string | null;
  /** The source took the visit for a bot's (Shlink's potentialBot). */
  bot?: boolean;
}

export interface ImportSourceReader {
  /** The rows a page of this source holds, links or clicks, when the source says (else the job's own sizes). */
  rowsPerPage?: number;
  /** Up to `limit` links after the one with ref `after` (null: from the first), in ref order. */
  linksAfter(after: string | null, limit: number): Promise<SourceLink[]>;
  /** Up to `limit` clicks with positions above `after`, in position order (sources that read clicks per link: none). */
  clicksAfter(after: number, limit: number): Promise<SourceClick[]>;
  /**
   * Sources that give clicks link by link (Shlink): the link's clicks at or after `since` (epoch
   * milliseconds; null: all), oldest first, in pages. The job leaves out those it stored before.
   */
  linkClicks?(link: SourceLink, since: number | null): AsyncIterable<SourceClick[]>;
  close(): Promise<void>;
}
