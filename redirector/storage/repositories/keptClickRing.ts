/**
 * The window of recent clicks' storage (recentClicks.ts): the latest `capacity` clicks in columns,
 * a ring of typed arrays for their numbers and arrays of the strings they share (a country, a
 * browser, an address). A click lives a second or two in the window under load: kept as an object
 * each, every one was copied by the collector and promoted to the old generation
 * (docs/performance.md#events). Here a click is a few slots written in place; its strings are the
 * visit's own, mostly shared with other clicks.
 *
 * Positions count every click ever added, so a reader that waited (a query of the links' columns)
 * can tell whether the clicks it was reading were overwritten meanwhile (`intact`).
 */
import type { FeedClick } from './feedClick';

/** A click's link's columns, read again each time the click is served (recentClicks.ts). */
export type LinkColumns = Pick<FeedClick, 'short_code' | 'user_id' | 'team_id' | 'domain' | 'created_by'>;
/** A click as kept: its own columns; its link's are read when it is served. */
export type KeptClick = Omit<FeedClick, keyof LinkColumns>;

export class KeptClickRing {
  private readonly capacity: number;
  private readonly ids: Float64Array;
  private readonly linkIds: Float64Array;
  private readonly times: Float64Array;
  private readonly countries: string[];
  private readonly cities: (string | null)[];
  private readonly devices: string[];
  private readonly systems: (string | null)[];
  private readonly browsers: (string | null)[];
  private readonly referrers: (string | null)[];
  private readonly addresses: string[];
  /** The position of the oldest click kept, and one past the newest (positions count every click ever added). */
  private start = 0;
  private end = 0;
  /** The id every kept click is above: the last one dropped, or where the window started. */
  after = 0;

  constructor(capacity: number) {
    this.capacity = Math.max(1, capacity);
    this.ids = new Float64Array(this.capacity);
    this.linkIds = new Float64Array(this.capacity);
    this.times = new Float64Array(this.capacity);
    this.countries = new Array<string>(this.capacity).fill('');
    this.cities = new Array<string | null>(this.capacity).fill(null);
    this.devices = new Array<string>(this.capacity).fill('');
    this.systems = new Array<string | null>(this.capacity).fill(null);
    this.browsers = new Array<string | null>(this.capacity).fill(null);
    this.referrers = new Array<string | null>(this.capacity).fill(null);
    this.addresses = new Array<string>(this.capacity).fill('');
  }

  /** Adds the click as the newest; the oldest goes when the ring is full. */
  add(click: KeptClick): void {
    const slot = this.end % this.capacity;
    if (this.end - this.start === this.capacity) {
      this.after = this.ids[slot]!;
      this.start += 1;
    }
    this.ids[slot] = click.id;
    this.linkIds[slot] = click.link_id;
    this.times[slot] = click.clicked_at;
    this.countries[slot] = click.country;
    this.cities[slot] = click.city;
    this.devices[slot] = click.device_type;
    this.systems[slot] = click.os;
    this.browsers[slot] = click.browser;
    this.referrers[slot] = click.referrer_source;
    this.addresses[slot] = click.ip_address;
    this.end += 1;
  }

  /** Keeps nothing: the window starts again after the id `after` (positions go on counting). */
  restart(after: number): void {
    this.start = this.end;
    this.after = after;
  }

  /**
   * Whether the slots of the clicks from `position` on still hold them (a reader that waited: the
   * ring may have gone round over them meanwhile; a restart alone leaves them as they were).
   */
  intact(position: number): boolean {
    return position >= this.end - this.capacity;
  }

  /** The id of the click at `position` (kept: start ≤ position < end). */
  private id(position: number): number {
    return this.ids[position % this.capacity]!;
  }

  linkId(position: number): number {
    return this.linkIds[position % this.capacity]!;
  }

  /** The position of the first kept click with an id above `id` (end: none). */
  firstAbove(id: number): number {
    let low = this.start;
    let high = this.end;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.id(middle) > id) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** The click at `position` with its link's columns, as the feed answers it (spelled out: one shape). */
  served(position: number, link: LinkColumns): FeedClick {
    const slot = position % this.capacity;
    return {
      id: this.ids[slot]!,
      link_id: this.linkIds[slot]!,
      short_code: link.short_code,
      user_id: link.user_id,
      team_id: link.team_id,
      domain: link.domain,
      clicked_at: this.times[slot]!,
      country: this.countries[slot]!,
      city: this.cities[slot]!,
      device_type: this.devices[slot]!,
      os: this.systems[slot]!,
      browser: this.browsers[slot]!,
      referrer_source: this.referrers[slot]!,
      ip_address: this.addresses[slot]!,
      created_by: link.created_by,
    };
  }
}
