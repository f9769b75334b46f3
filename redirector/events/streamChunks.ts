/**
 * The bytes the live streams get for the clicks of one read (docs/api.md#live-stream): each
 * click's `click` event, with the address for the administrator's streams only, encoded once per
 * audience (docs/performance.md#the-bytes-of-each-click-to-the-streams).
 */
import type { FeedClick } from '../storage/repositories/eventFeed';
import { stringMostBytes, writeNumber, writeString } from './clickJson';
import type { ClickTexts } from './clickTexts';

export interface StreamViewer {
  /** The team whose clicks and link events it sees (docs/api.md#teams); null: the administrator (every team's). */
  teamId: number | null;
  /** The account its streams count against (at most 20 each): its user; null: the administrator. */
  account: number | null;
  /**
   * A member restricted to their own links (docs/api.md#roles): only the links this user created;
   * null: every link of the team. Always there, never left out: every poll reads it on every
   * stream (docs/performance.md#live-streams-at-scale).
   */
  creator: number | null;
}

/** A stream as its bytes are made: who it is, and the gap ids its replay already wrote (not to be written again). */
export interface ChunkReader extends StreamViewer {
  replayed: Set<number>;
}

/** Whether the stream sees an event of a link of team `teamId` created by `createdBy`. */
export const sees = (client: StreamViewer, teamId: number | null, createdBy: number | null) =>
  client.teamId === null || (client.teamId === teamId && (client.creator === null || client.creator === createdBy));

/** A stream that gets its own chunk (not its team's): its replay wrote some clicks, or it sees only some links. */
const ownChunk = (client: ChunkReader) => client.replayed.size > 0 || client.creator !== null;
const ADMIN_VIEWER: StreamViewer = { teamId: null, account: null, creator: null };

/** A click as its `click` event, with the address for the administrator's streams only. */
export function clickEventText(texts: ClickTexts, click: FeedClick, client: StreamViewer): string {
  const data = client.teamId === null ? texts.withAddress(click) : texts.text(click);
  return `id: ${click.id}\nevent: click\ndata: ${data}\n\n`;
}

/** The bytes a string of `length` UTF-16 units takes in UTF-8 at most. */
const MOST_BYTES_PER_UNIT = 3;

const ID_FIELD = Buffer.from('id: ');
const CLICK_DATA = Buffer.from('\nevent: click\ndata: ');
const ADDRESS_FIELD = Buffer.from(',"ip":');
const CLOSE_BRACE = '}'.charCodeAt(0);
const NEW_LINE = '\n'.charCodeAt(0);
/** A click event's bytes besides its text and address: the fields' names, the id's digits, `}` and the blank line. */
const CLICK_EVENT_FRAME = ID_FIELD.length + 20 + CLICK_DATA.length + ADDRESS_FIELD.length + 3;

/** Writes `id`'s decimal digits at `at` (a click id: a whole number, written as String() would); the offset after them. */
function writeDigits(buffer: Buffer, at: number, id: number): number {
  if (!Number.isSafeInteger(id) || id < 0) return at + buffer.write(String(id), at, 'latin1');
  return writeNumber(buffer, at, id);
}

const EMPTY = Buffer.alloc(0);

/**
 * Events written as they are made into one buffer of their UTF-8 bytes, which grows when the next
 * event might not fit: each event is encoded in one pass and is garbage once written (a list of a
 * read's events, measured for their size and then written, cost 0.50 µs a click; joining them into
 * one string first and encoding that, more than twice that), docs/performance.md#the-bytes-of-each-click-to-the-streams.
 */
class EventsChunk {
  private buffer = EMPTY;
  private size = 0;

  /** `expected`: the bytes the events will likely take (the first buffer's size; it grows past it when needed). */
  constructor(private readonly expected: number) {}

  add(event: string): void {
    this.reserve(event.length * MOST_BYTES_PER_UNIT);
    this.size += this.buffer.write(event, this.size);
  }

  /**
   * A click's event, as clickEventText makes it, written in pieces: the click's kept text's bytes as they are,
   * and for the administrator's streams its closing `}` overwritten by the address, so that no text
   * of the whole event is made (with a hundred streams that was most of what the streams allocated).
   */
  addClick(texts: ClickTexts, click: FeedClick, withAddress: boolean): void {
    const address = withAddress ? click.ip_address : undefined;
    // Without the address read (a row that lacks it): the event as the general path writes it.
    if (withAddress && address === undefined) {
      this.add(clickEventText(texts, click, ADMIN_VIEWER));
      return;
    }
    const length = texts.byteLength(click);
    const addressBytes = address === undefined ? 0 : stringMostBytes(address);
    this.reserve(CLICK_EVENT_FRAME + length + addressBytes);
    const buffer = this.buffer;
    buffer.set(ID_FIELD, this.size);
    let at = writeDigits(buffer, this.size + ID_FIELD.length, click.id);
    buffer.set(CLICK_DATA, at);
    at += CLICK_DATA.length;
    at += texts.copy(click, buffer, at);
    if (address !== undefined) {
      // The text ends with the `}` of its object: the address goes before it.
      buffer.set(ADDRESS_FIELD, at - 1);
      at = writeString(buffer, at + ADDRESS_FIELD.length - 1, address);
      buffer[at++] = CLOSE_BRACE;
    }
    buffer[at++] = NEW_LINE;
    buffer[at++] = NEW_LINE;
    this.size = at;
  }

  /** Room for `most` more bytes, the buffer grown (and what it holds copied) when they might not fit. */
  private reserve(most: number): void {
    if (this.size + most <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.expected, this.buffer.length * 2, this.size + most));
    this.buffer.copy(larger, 0, 0, this.size);
    this.buffer = larger;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.size);
  }
}

/** About the bytes of a click's event with the address (the administrator's streams get every click read). */
const CLICK_EVENT_BYTES = 512;
/** A team's streams see its own links' clicks only: its buffer starts small. */
const TEAM_CHUNK_BYTES = 4096;

/** An audience: the streams that get the same bytes, the administrator's (null) or one team's. */
type Audience = number | null;

const NO_CHUNKS: ReadonlyMap<never, Uint8Array> = new Map<never, Uint8Array>();

/**
 * The clicks of one read as each stream that sees them gets them: encoded once per audience (the
 * administrator's, with addresses, and each team's that has a stream open), whatever the number of
 * its streams, and written to each of them as the same bytes, so a click costs little more with a
 * hundred streams open than with one. A stream whose replay already wrote some of these clicks
 * (PostgreSQL's gaps), or of a member who sees only their own links, gets its own text.
 */
export function chunksByClient<C extends ChunkReader>(
  texts: ClickTexts,
  clients: ReadonlySet<C>,
  read: readonly FeedClick[],
): ReadonlyMap<C, Uint8Array> {
  // A read of nothing (most polls of a quiet hour) makes nothing, whatever the number of streams.
  if (read.length === 0) return NO_CHUNKS;
  const teamsRead = new Set<Audience>();
  for (const click of read) teamsRead.add(click.team_id);
  const byAudience = new Map<Audience, EventsChunk>();
  for (const client of clients) {
    if (ownChunk(client) || byAudience.has(client.teamId)) continue;
    // Only the audiences this read has clicks for: not one buffer for every team with a stream open.
    if (client.teamId !== null && !teamsRead.has(client.teamId)) continue;
    byAudience.set(
      client.teamId,
      new EventsChunk(client.teamId === null ? read.length * CLICK_EVENT_BYTES : TEAM_CHUNK_BYTES),
    );
  }
  const admin = byAudience.get(null);
  for (const click of read) {
    admin?.addClick(texts, click, true);
    if (click.team_id !== null) byAudience.get(click.team_id)?.addClick(texts, click, false);
  }
  const chunks = new Map<Audience, Uint8Array>();
  for (const [audience, chunk] of byAudience) {
    const bytes = chunk.bytes();
    if (bytes.length > 0) chunks.set(audience, bytes);
  }
  const out = new Map<C, Uint8Array>();
  for (const client of clients) {
    if (!ownChunk(client)) {
      const chunk = chunks.get(client.teamId);
      if (chunk) out.set(client, chunk);
      continue;
    }
    const own = read.filter(
      (click) => sees(client, click.team_id, click.created_by) && !client.replayed.delete(click.id),
    );
    if (own.length === 0) continue;
    const chunk = new EventsChunk(own.length * CLICK_EVENT_BYTES);
    for (const click of own) chunk.addClick(texts, click, client.teamId === null);
    out.set(client, chunk.bytes());
  }
  return out;
}
