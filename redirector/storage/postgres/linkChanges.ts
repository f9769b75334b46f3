/**
 * Hears which links any instance wrote (migrations 2 and 16's trigger NOTIFYs `<schema>/<short code>` on
 * the `link_changes` channel once the writing transaction commits), so that every instance drops
 * them from its in-memory link cache.
 *
 * One dedicated connection LISTENs. When it is lost, notifications may have been missed: the
 * listeners hear `null` ("anything may have changed"), then again once listening resumes, and
 * the connection is retried with a growing delay. A heartbeat query finds a connection that died
 * without closing.
 */
import pg from 'pg';
import { connectionConfig } from './database';

/** The channel migration 2's trigger (and its repair, 16) notifies on. */
export const LINK_CHANGES_CHANNEL = 'link_changes';

/** A short code that changed, or null when any link may have changed. */
export type LinkChangeListener = (shortCode: string | null) => void;

export interface LinkChangeFeed {
  subscribe(listener: LinkChangeListener): () => void;
  close(): Promise<void>;
}

export interface LinkChangeFeedOptions {
  log: (message: string, error?: unknown) => void;
  heartbeatMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export async function listenForLinkChanges(url: string, options: LinkChangeFeedOptions): Promise<LinkChangeFeed> {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const firstRetryMs = options.firstRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const listeners = new Set<LinkChangeListener>();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  function emit(shortCode: string | null): void {
    for (const listener of listeners) {
      try {
        listener(shortCode);
      } catch (error) {
        options.log('a link change listener failed', error);
      }
    }
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...connectionConfig(url), keepAlive: true });
    // Set once connected: notifications name the schema of the links table that changed.
    let prefix: string | undefined;
    next.on('notification', (message) => {
      if (message.channel !== LINK_CHANGES_CHANNEL || prefix === undefined || !message.payload) return;
      if (message.payload.startsWith(prefix)) emit(message.payload.slice(prefix.length));
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, undefined));
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('SELECT current_schema() AS schema');
      prefix = `${rows[0]?.schema}/`;
      await next.query(`LISTEN ${LINK_CHANGES_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => lost(next, new Error('heartbeat query got no answer')), heartbeatMs);
      next.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (error) => {
          clearTimeout(timeout);
          lost(next, error);
        },
      );
    }, heartbeatMs);
    heartbeat.unref();
  }

  function lost(which: pg.Client, error: unknown): void {
    if (closed || which !== client) return;
    client = undefined;
    clearInterval(heartbeat);
    which.removeAllListeners('end');
    which.end().catch(() => undefined);
    options.log('lost the PostgreSQL connection that hears link changes; reconnecting', error);
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
        options.log('listening for link changes again');
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
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      listeners.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
