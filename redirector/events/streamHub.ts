/**
 * The live streams of one instance (docs/api.md#live-stream). While any is open, new stored clicks
 * are read every POLL_MS by id (on PostgreSQL, those every instance stored), so the redirect path
 * pays nothing per click; each goes to the streams allowed to see it: the administrator's, and the
 * stream of the link's owner. A stream opened with a last event id first gets up to 1,000 clicks
 * it missed, then the live ones, none twice.
 */
import type { PassThrough } from 'node:stream';
import type { Link } from '../contract/links';
import type { LinkEventAction, StreamLinkEvent } from '../contract/webhooks';
import { RuleError } from '../ruleError';
import type { EventFeed, FeedClick } from '../storage/repositories/eventFeed';
import { eventClick } from './eventMessages';

export const POLL_MS = 250;
export const HEARTBEAT_MS = 15_000;
export const STREAMS_PER_ACCOUNT = 20;
export const REPLAY_LIMIT = 1000;
/** A stream this far behind (a reader that stopped reading) is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const TOO_MANY_ACCOUNT_STREAMS = `At most ${STREAMS_PER_ACCOUNT} live streams per account`;
export const TOO_MANY_STREAMS = 'Too many live streams on this server; try again later';

export interface StreamViewer {
  /** null: the administrator. */
  userId: number | null;
}

interface Client extends StreamViewer {
  out: PassThrough;
  /** Live events held back while the missed clicks are written. */
  held: string[] | undefined;
}

export interface StreamHub {
  /** Adds a stream (RuleError 429 beyond the limits) and writes what it missed since `lastEventId`. */
  open(viewer: StreamViewer, out: PassThrough, lastEventId: number | undefined): Promise<void>;
  close(out: PassThrough): void;
  publishLink(ownerId: number | null, action: LinkEventAction, link: Link): void;
  count(): number;
  stop(): void;
}

export interface StreamHubDeps {
  feed: EventFeed;
  streamMax: number;
  defaultDomain: string;
  log: (message: string, error?: unknown) => void;
}

const sees = (client: StreamViewer, ownerId: number | null) => client.userId === null || client.userId === ownerId;

/** A click as its `click` event, with the address for the administrator's streams only. */
function clickEventText(click: FeedClick, client: Client, defaultDomain: string): string {
  const data = JSON.stringify(eventClick(click, defaultDomain, client.userId === null));
  return `id: ${click.id}\nevent: click\ndata: ${data}\n\n`;
}

/** Writes an event to one stream, or holds it while the stream replays; a stream too far behind is ended. */
function writeTo(clients: Set<Client>, client: Client, text: string): void {
  if (client.held) {
    client.held.push(text);
    return;
  }
  if (client.out.writableLength > MAX_BUFFERED_BYTES) {
    client.out.end();
    clients.delete(client);
    return;
  }
  client.out.write(text);
}

export function createStreamHub(deps: StreamHubDeps): StreamHub {
  const { feed, log } = deps;
  const clients = new Set<Client>();
  /** The highest click id read; undefined while no stream is open. */
  let lastId: Promise<number> | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const clickText = (click: FeedClick, client: Client) => clickEventText(click, client, deps.defaultDomain);
  const write = (client: Client, text: string) => writeTo(clients, client, text);

  async function poll(): Promise<void> {
    pollTimer = undefined;
    if (clients.size === 0 || !lastId) return;
    let more = false;
    try {
      const after = await lastId;
      const clicks = await feed.clicksAfter({ after, limit: REPLAY_LIMIT });
      if (clicks.length > 0) lastId = Promise.resolve(clicks[clicks.length - 1]!.id);
      more = clicks.length === REPLAY_LIMIT;
      for (const click of clicks) {
        for (const client of clients) if (sees(client, click.user_id)) write(client, clickText(click, client));
      }
    } catch (error) {
      log('the live stream could not read new clicks', error);
    }
    schedulePoll(more ? 0 : POLL_MS);
  }

  function schedulePoll(ms: number): void {
    if (pollTimer || clients.size === 0) return;
    pollTimer = setTimeout(poll, ms);
    pollTimer.unref();
  }

  function startHeartbeat(): void {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      for (const client of clients) write(client, ': keep-alive\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  /** With no stream left, nothing is read. */
  function quiet(): void {
    if (clients.size > 0) return;
    lastId = undefined;
    clearTimeout(pollTimer);
    pollTimer = undefined;
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  function close(out: PassThrough): void {
    for (const client of clients) if (client.out === out) clients.delete(client);
    quiet();
  }

  return {
    async open(viewer, out, lastEventId) {
      if (clients.size >= deps.streamMax) throw new RuleError(429, TOO_MANY_STREAMS);
      let mine = 0;
      for (const client of clients) if (client.userId === viewer.userId) mine += 1;
      if (mine >= STREAMS_PER_ACCOUNT) throw new RuleError(429, TOO_MANY_ACCOUNT_STREAMS);
      lastId ??= feed.lastClickId();
      const client: Client = { ...viewer, out, held: [] };
      clients.add(client);
      out.write('retry: 2000\n\n');
      try {
        const upTo = await lastId;
        if (lastEventId !== undefined && lastEventId < upTo) {
          const missed = await feed.clicksAfter({
            after: lastEventId,
            upTo,
            userId: viewer.userId ?? undefined,
            limit: REPLAY_LIMIT,
          });
          for (const click of missed) out.write(clickText(click, client));
        }
      } finally {
        const held = client.held ?? [];
        client.held = undefined;
        for (const text of held) write(client, text);
      }
      schedulePoll(POLL_MS);
      startHeartbeat();
    },
    close,
    publishLink(ownerId, action, link) {
      const data = JSON.stringify({ action, link } satisfies StreamLinkEvent);
      for (const client of clients) if (sees(client, ownerId)) write(client, `event: link\ndata: ${data}\n\n`);
    },
    count: () => clients.size,
    stop() {
      for (const client of clients) client.out.end();
      clients.clear();
      quiet();
    },
  };
}
