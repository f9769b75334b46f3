/**
 * Hears which links any instance wrote (migrations 2 and 16's trigger NOTIFYs `<schema>/<short code>` on
 * the `link_changes` channel once the writing transaction commits), so that every instance drops
 * them from its in-memory link cache; and, on `domain_changes`, that a custom domain was claimed,
 * verified or removed (`<schema>`), so that every instance reads the verified domains again; and, on
 * `stream_events`, the live stream's events (`<schema>/<part>`, streamBroadcast.ts); and, on
 * `caller_writes`, which caller wrote (`<schema>/<caller digest>`, replicaReads.ts).
 *
 * One dedicated connection LISTENs. When it is lost, notifications may have been missed: the
 * listeners hear `null` ("anything may have changed"), then again once listening resumes, and
 * the connection is retried with a growing delay. A heartbeat query finds a connection that died
 * without closing.
 */
import pg from 'pg';
import { type Background, runInBackground } from '../../background';
import { connectionConfig } from './database';
import { STREAM_EVENTS_CHANNEL } from './streamBroadcast';

/** The channel migration 2's trigger (and its repair, 16) notifies on. */
export const LINK_CHANGES_CHANNEL = 'link_changes';
/** Domain changes every instance hears (migration 19): a claim, a verification, a removal. */
export const DOMAIN_CHANGES_CHANNEL = 'domain_changes';
/** A caller's write, so that every instance sends that caller's reads to the primary (replicaReads.ts). */
export const CALLER_WRITES_CHANNEL = 'caller_writes';

/** A short code that changed, or null when any link may have changed. */
export type LinkChangeListener = (shortCode: string | null) => void;

export interface LinkChangeFeed {
  subscribe(listener: LinkChangeListener): () => void;
  /** `listener` hears every domain change, and each time changes may have been missed. */
  subscribeDomains(listener: () => void): () => void;
  /** `listener` hears each part of a stream event sent by any instance (streamBroadcast.ts). */
  subscribeEvents(listener: (payload: string) => void): () => void;
  /** `listener` hears each caller digest any instance noted a write of (replicaReads.ts). */
  subscribeWrites(listener: (caller: string) => void): () => void;
  close(): Promise<void>;
}

export interface LinkChangeFeedOptions {
  log: (message: string, error?: unknown) => void;
  /** True when the loss is told elsewhere (the database is down): then neither it nor its end is logged. */
  quietWhen?: (error: unknown) => boolean;
  heartbeatMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** What the listening connection hears of its own schema. */
interface Heard {
  shortCode(shortCode: string): void;
  domains(): void;
  event(payload: string): void;
  write(caller: string): void;
}

/** A connected client that LISTENs on the channels and hands on what concerns its own schema. */
async function openListener(url: string, heard: Heard): Promise<pg.Client> {
  const client = new pg.Client({ ...connectionConfig(url), keepAlive: true });
  // Set once connected: notifications name the schema of the links table that changed.
  let prefix: string | undefined;
  client.on('notification', (message) => {
    if (prefix === undefined || !message.payload) return;
    if (message.channel === DOMAIN_CHANGES_CHANNEL && `${message.payload}/` === prefix) heard.domains();
    if (message.channel === STREAM_EVENTS_CHANNEL && message.payload.startsWith(prefix)) {
      heard.event(message.payload.slice(prefix.length));
    }
    if (message.channel === CALLER_WRITES_CHANNEL && message.payload.startsWith(prefix)) {
      heard.write(message.payload.slice(prefix.length));
    }
    if (message.channel !== LINK_CHANGES_CHANNEL) return;
    if (message.payload.startsWith(prefix)) heard.shortCode(message.payload.slice(prefix.length));
  });
  // Until the caller listens for the connection's loss, an error must not go unhandled.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
    prefix = `${rows[0]?.schema}/`;
    await client.query(
      `LISTEN ${LINK_CHANGES_CHANNEL}; LISTEN ${DOMAIN_CHANGES_CHANNEL}; LISTEN ${STREAM_EVENTS_CHANNEL}; LISTEN ${CALLER_WRITES_CHANNEL}`,
    );
  } catch (error) {
    client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/**
 * Every `everyMs`, a query that must be answered within `everyMs`, else `onLost` (which stops the
 * heartbeat and says the loss: the reconnection says when it is back).
 */
function startHeartbeat(client: pg.Client, everyMs: number, onLost: (error: unknown) => void): Background<void> {
  return runInBackground(
    async () => {
      let timeout: NodeJS.Timeout | undefined;
      const noAnswer = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('heartbeat query got no answer')), everyMs);
      });
      try {
        await Promise.race([client.query('SELECT 1'), noAnswer]);
      } catch (error) {
        onLost(error);
      } finally {
        clearTimeout(timeout);
      }
    },
    { what: 'the heartbeat of the connection that hears link changes', everyMs },
  );
}

/** Listeners of one kind of notification: one that throws is logged and the others still hear. */
function listenerSet<T>(log: (message: string, error?: unknown) => void, what: string) {
  const listeners = new Set<(value: T) => void>();
  return {
    add(listener: (value: T) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value: T): void {
      for (const listener of listeners) {
        try {
          listener(value);
        } catch (error) {
          log(`a ${what} listener failed`, error);
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

export async function listenForLinkChanges(url: string, options: LinkChangeFeedOptions): Promise<LinkChangeFeed> {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const firstRetryMs = options.firstRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const links = listenerSet<string | null>(options.log, 'link change');
  const domains = listenerSet<undefined>(options.log, 'domain change');
  const events = listenerSet<string>(options.log, 'stream event');
  const writes = listenerSet<string>(options.log, 'caller write');
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: Background<void> | undefined;
  let quietLoss = false;

  function emit(shortCode: string | null): void {
    links.emit(shortCode);
    if (shortCode === null) domains.emit(undefined);
  }

  async function connect(): Promise<void> {
    const next = await openListener(url, {
      shortCode: emit,
      domains: () => domains.emit(undefined),
      event: events.emit,
      write: writes.emit,
    });
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, undefined));
    client = next;
    heartbeat = startHeartbeat(next, heartbeatMs, (error) => lost(next, error));
  }

  function lost(which: pg.Client, error: unknown): void {
    if (closed || which !== client) return;
    client = undefined;
    void heartbeat?.stop();
    which.removeAllListeners('end');
    which.end().catch(() => undefined);
    quietLoss = options.quietWhen?.(error) ?? false;
    if (!quietLoss) options.log('lost the PostgreSQL connection that hears link changes; reconnecting', error);
    emit(null);
    scheduleRetry();
  }

  function scheduleRetry(): void {
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      if (closed) return;
      try {
        await connect();
        retryMs = firstRetryMs;
        if (!quietLoss) options.log('listening for link changes again');
        // Whatever changed while nobody listened.
        emit(null);
      } catch {
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        scheduleRetry();
      }
    }, retryMs);
    retryTimer.unref();
  }

  await connect();

  return {
    subscribe: links.add,
    subscribeDomains: (listener) => domains.add(listener),
    subscribeEvents: events.add,
    subscribeWrites: writes.add,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      // Not awaited: a heartbeat query waiting on a dead connection ends with the connection.
      void heartbeat?.stop();
      links.clear();
      domains.clear();
      events.clear();
      writes.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
