/**
 * The live streams of one instance (docs/api.md#live-stream). While any is open, new stored clicks
 * are read every POLL_MS by id (on PostgreSQL, those every instance stored), so the redirect path
 * pays nothing per click; each goes to the streams allowed to see it: the administrator's, and the
 * stream of the link's owner. On PostgreSQL an id passed unseen is looked at again for a while
 * (clickGaps.ts), so a click committed after a later one is not skipped; and link events go
 * through the database to every instance's streams (the store's broadcast). A stream opened with a
 * last event id first gets up to 1,000 clicks it missed, then the live ones, none twice.
 */

import { systemScope } from '../auth/scope';
import { type Background, runInBackground } from '../background';
import type { Link } from '../contract/links';
import type { EventOrigin, LinkEventAction, StreamLinkEvent } from '../contract/webhooks';
import type { EventFeed, FeedClick } from '../storage/repositories/eventFeed';
import type { StreamBroadcast } from '../storage/store';
import { type ClickGaps, clickGaps, GAP_LAG_MS } from './clickGaps';
import type { ClickTexts } from './clickTexts';
import { chunksByClient, clickEventText, type StreamViewer, sees } from './streamChunks';
import { checkLimits, takePlace } from './streamLimits';
import type { StreamPlaces } from './streamPlaces';

/**
 * §26 lets clicks reach a stream in batches of up to 100 ms (docs/api.md#live-stream): a read every
 * 100 ms, each written as one chunk per stream. At 10,000 clicks a second that is about 1,000
 * clicks a read, one read's worth (REPLAY_LIMIT), where reads every 250 ms came in bursts of three.
 */
export const POLL_MS = 100;
export const HEARTBEAT_MS = 15_000;
export const REPLAY_LIMIT = 1000;
/** A stream this far behind (a reader that stopped reading) is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export type { StreamViewer } from './streamChunks';
export { STREAMS_PER_ACCOUNT, TOO_MANY_ACCOUNT_STREAMS, TOO_MANY_STREAMS } from './streamLimits';

/** Where a stream's events are written: the HTTP response itself (no stream in between). */
export interface StreamOut {
  write(chunk: string | Uint8Array): boolean;
  end(): unknown;
  readonly writableLength: number;
}

interface Client extends StreamViewer {
  out: StreamOut;
  /** Live events held back while the missed clicks are written. */
  held: (string | Uint8Array)[] | undefined;
  /** Gap ids its replay already wrote, not to be written again when found. */
  replayed: Set<number>;
  /** Its account's place on every instance together (PostgreSQL: streamPlaces.ts). */
  place?: number;
}

export interface StreamHub {
  /** RuleError 429 when the viewer may open no more streams (before anything is written). */
  admit(viewer: StreamViewer): void;
  /** Adds a stream (RuleError 429 beyond the limits) and writes what it missed since `lastEventId`. */
  open(viewer: StreamViewer, out: StreamOut, lastEventId: number | undefined): Promise<void>;
  close(out: StreamOut): void;
  /** Sends a link event to the streams allowed to see it, on every instance. */
  publishLink(teamId: number | null, action: LinkEventAction, link: Link, origin?: EventOrigin): Promise<void>;
  count(): number;
  /** Reads and sends every click stored so far now, page by page (before a link's deletion takes its clicks away). */
  catchUp(): Promise<void>;
  /** Ends every stream; resolves once their places are given back. */
  stop(): Promise<void>;
}

export interface StreamHubDeps {
  feed: EventFeed;
  /** The clicks' texts, shared with the webhooks and the broker. */
  texts: ClickTexts;
  streamMax: number;
  /** PostgreSQL: clicks may commit out of id order, and other instances make link events. */
  engine: 'sqlite' | 'postgres';
  broadcast?: StreamBroadcast;
  /** PostgreSQL: the account's limit counts the streams of every instance. */
  places?: StreamPlaces;
  log: (message: string, error?: unknown) => void;
}

const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');

/** Writes an event to one stream, or holds it while the stream replays; a stream too far behind is ended. */
function writeTo(clients: Set<Client>, client: Client, chunk: string | Uint8Array): void {
  if (client.held) {
    client.held.push(chunk);
    return;
  }
  if (client.out.writableLength > MAX_BUFFERED_BYTES) {
    client.out.end();
    clients.delete(client);
    return;
  }
  client.out.write(chunk);
}

/** The places of the account limit its streams hold (PostgreSQL: streamPlaces.ts). */
/** Once its replay is written: the live events held back meanwhile, then each as it comes. */
function writeHeld(clients: Set<Client>, client: Client): void {
  const held = client.held ?? [];
  client.held = undefined;
  for (const text of held) writeTo(clients, client, text);
}

const placesOf = (clients: ReadonlySet<Client>) => [...clients].flatMap((client) => client.place ?? []);

/** Removes a stream and gives its account's place back (resolves once given, never rejects). */
async function leave(clients: Set<Client>, client: Client, places: StreamPlaces | undefined): Promise<void> {
  clients.delete(client);
  if (client.place !== undefined) await places?.give(client.place).catch(() => undefined);
}

/** Ends every stream (at once) and resolves once their places are given back. */
async function endAll(clients: Set<Client>, places: StreamPlaces | undefined): Promise<void> {
  for (const client of clients) client.out.end();
  await Promise.all([...clients].map((client) => leave(clients, client, places)));
}

/** The clicks stored since the last read, and the gaps found committed, none twice; more: a full page was read. */
async function readNew(feed: EventFeed, gaps: ClickGaps): Promise<{ clicks: FeedClick[]; more: boolean }> {
  const fresh = await feed.clicksAfter({ after: gaps.highest, scope: systemScope(), limit: REPLAY_LIMIT });
  const found = await feed.clicksWithIds(gaps.open(Date.now()));
  return { clicks: gaps.take([...found, ...fresh], Date.now()), more: fresh.length === REPLAY_LIMIT };
}

/** Writes the clicks a stream missed after `lastEventId`, up to what the hub has read; notes those read as gaps. */
async function replay(
  { feed, texts }: Pick<StreamHubDeps, 'feed' | 'texts'>,
  client: Client,
  gaps: ClickGaps,
  lastEventId: number,
): Promise<void> {
  if (lastEventId >= gaps.highest) return;
  const missed = await feed.clicksAfter({
    after: lastEventId,
    upTo: gaps.highest,
    scope: systemScope(client.teamId),
    limit: REPLAY_LIMIT,
  });
  for (const click of missed) {
    if (!sees(client, click.team_id, click.created_by)) continue;
    client.out.write(clickEventText(texts, click, client));
    if (gaps.isGap(click.id)) client.replayed.add(click.id);
  }
}

/** A broadcast link event as the stream writes it (encoded once), with the team whose link it is; undefined when unreadable. */
function linkEventOf(
  text: string,
  log: StreamHubDeps['log'],
): { teamId: number | null; createdBy: number | null; chunk: Uint8Array } | undefined {
  try {
    const { teamId, event } = JSON.parse(text) as { teamId: number | null; event: StreamLinkEvent };
    const createdBy = event.link.created_by?.id ?? null;
    return { teamId, createdBy, chunk: Buffer.from(`event: link\ndata: ${JSON.stringify(event)}\n\n`) };
  } catch (error) {
    log('the live stream could not read a link event', error);
    return undefined;
  }
}

/**
 * Polls until the clicks stored so far are read: every page, not only the first (those stored
 * meanwhile wait for the next poll). `poll`: one read; true when a full page was read.
 */
async function readStored(feed: EventFeed, cursor: Promise<ClickGaps>, poll: () => Promise<boolean>): Promise<void> {
  const [gaps, last] = await Promise.all([cursor, feed.lastClickId()]);
  while ((await poll()) && gaps.highest < last) {}
}

export function createStreamHub(deps: StreamHubDeps): StreamHub {
  const { feed, log } = deps;
  const clients = new Set<Client>();
  /** Streams waiting for their account's place (PostgreSQL), counted in the limits meanwhile. */
  const opening = new Set<StreamViewer>();
  const lagMs = deps.engine === 'postgres' ? GAP_LAG_MS : 0;
  /** Where new clicks are read from; undefined while no stream is open. */
  let cursor: Promise<ClickGaps> | undefined;
  let [polling, heartbeat]: [Background<boolean> | undefined, Background<void> | undefined] = [undefined, undefined];

  const write = (client: Client, chunk: string | Uint8Array) => writeTo(clients, client, chunk);
  const sendClicks = (read: readonly FeedClick[]) => {
    for (const [client, chunk] of chunksByClient(deps.texts, clients, read)) write(client, chunk);
  };

  /** Sends the clicks stored since the last read; true when more are waiting (read again at once). */
  async function poll(): Promise<boolean> {
    if (clients.size === 0 || !cursor) return false;
    const read = await cursor.then((gaps) => readNew(feed, gaps));
    sendClicks(read.clicks);
    return read.more;
  }

  /** While a stream is open: new clicks every POLL_MS, a keep-alive comment every HEARTBEAT_MS. */
  function listen(): void {
    polling ??= runInBackground(poll, {
      what: 'reading new clicks for the live streams',
      everyMs: POLL_MS,
      nextAfterMs: (more) => (more ? 0 : POLL_MS),
      log,
    });
    heartbeat ??= runInBackground(
      async () => {
        for (const client of clients) write(client, KEEP_ALIVE);
        await deps.places?.renew(placesOf(clients));
      },
      { what: "the live streams' keep-alive", everyMs: HEARTBEAT_MS, log },
    );
  }

  /** With no stream left, nothing is read. */
  function quiet(): void {
    if (clients.size > 0) return;
    cursor = undefined;
    void polling?.stop();
    polling = undefined;
    void heartbeat?.stop();
    heartbeat = undefined;
  }

  function close(out: StreamOut): void {
    for (const client of clients) if (client.out === out) void leave(clients, client, deps.places);
    quiet();
  }

  function sendLink(text: string): void {
    const event = linkEventOf(text, log);
    if (!event) return;
    for (const client of clients) if (sees(client, event.teamId, event.createdBy)) write(client, event.chunk);
  }
  deps.broadcast?.subscribe(sendLink);

  return {
    admit: (viewer) => checkLimits(clients, opening, viewer, deps.streamMax),
    async open(viewer, out, lastEventId) {
      checkLimits(clients, opening, viewer, deps.streamMax);
      const place = await takePlace(deps.places, opening, viewer);
      cursor ??= feed.lastClickId().then((last) => clickGaps(last, lagMs));
      const client: Client = { ...viewer, out, held: [], replayed: new Set(), place };
      clients.add(client);
      out.write('retry: 2000\n\n');
      try {
        if (lastEventId !== undefined) await replay(deps, client, await cursor, lastEventId);
      } finally {
        writeHeld(clients, client);
      }
      listen();
    },
    close,
    async publishLink(teamId, action, link, origin) {
      const event = { action, team_id: teamId, actor: origin?.actor ?? null, link } satisfies StreamLinkEvent;
      const text = JSON.stringify({ teamId, event });
      if (!deps.broadcast) return sendLink(text);
      try {
        await deps.broadcast.publish(text);
      } catch (error) {
        log('the live stream could not send a link event to the other instances', error);
      }
    },
    count: () => clients.size,
    async catchUp() {
      if (cursor) await readStored(feed, cursor, async () => (await polling?.runNow()) === true);
    },
    async stop() {
      const ended = endAll(clients, deps.places);
      quiet();
      await ended;
    },
  };
}
