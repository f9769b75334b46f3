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
}

export interface ImportSourceReader {
  /** Up to `limit` links after the one with ref `after` (null: from the first), in ref order. */
  linksAfter(after: string | null, limit: number): Promise<SourceLink[]>;
  /** Up to `limit` clicks with positions above `after`, in position order. */
  clicksAfter(after: number, limit: number): Promise<SourceClick[]>;
  close(): Promise<void>;
}
