/**
 * The page's one live stream (docs/api.md#live-stream): an EventSource opened with a single-use
 * ticket from POST /api/stream/ticket, shared by every panel that listens, so that features never
 * open streams of their own. When it fails it is opened again with a new ticket and the id of the
 * last click heard (`last_event_id`, so missed clicks are replayed), waiting longer each time;
 * meanwhile its status is `down` and the panels fall back to polling. With no listener left for a
 * few seconds it closes.
 */
import type { EventClick, StreamLinkEvent, StreamTicketResponse } from '../../../redirector/contract/webhooks';
import type { Credential, HttpClient } from './client';

export type StreamStatus = 'connecting' | 'open' | 'down';
export type StreamMessage = { kind: 'click'; click: EventClick } | { kind: 'link'; change: StreamLinkEvent };

export interface LiveStream {
  readonly status: StreamStatus;
  /** Hears every event; the first listener opens the stream. Returns the unsubscribe function. */
  subscribe(listener: (message: StreamMessage) => void): () => void;
  /** Hears each change of status. Returns the unsubscribe function. */
  watchStatus(listener: (status: StreamStatus) => void): () => void;
}

export interface LiveStreamOptions {
  /** The EventSource to use; none (an old browser, a test without one): the stream stays down. */
  EventSourceImpl?: typeof EventSource;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How long the stream stays open with no listener (a page changing panels keeps it). */
  lingerMs?: number;
}

function streamUrl(http: HttpClient, ticket: string, lastEventId: string | undefined): string {
  const url = new URL(`${http.baseUrl}/api/stream`, globalThis.location?.href ?? 'http://localhost');
  url.searchParams.set('ticket', ticket);
  if (lastEventId) url.searchParams.set('last_event_id', lastEventId);
  return url.toString();
}

/** Hands on the source's click and link events, each click with its id. */
function hear(source: EventSource, onMessage: (message: StreamMessage, id: string | undefined) => void): void {
  source.addEventListener('click', (event) => {
    const message = event as MessageEvent<string>;
    onMessage({ kind: 'click', click: JSON.parse(message.data) as EventClick }, message.lastEventId || undefined);
  });
  source.addEventListener('link', (event) => {
    const change = JSON.parse((event as MessageEvent<string>).data) as StreamLinkEvent;
    onMessage({ kind: 'link', change }, undefined);
  });
}

export function openLiveStream(http: HttpClient, credential: Credential, options: LiveStreamOptions = {}): LiveStream {
  const EventSourceImpl = options.EventSourceImpl ?? globalThis.EventSource;
  const firstRetryMs = options.firstRetryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const listeners = new Set<(message: StreamMessage) => void>();
  const statusListeners = new Set<(status: StreamStatus) => void>();
  let status: StreamStatus = 'down';
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let retryMs = firstRetryMs;
  /** The next attempt, after a failure. */
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by each close: an attempt of an older generation gives up. */
  let generation = 0;
  let fetchingTicket = false;

  const setStatus = (next: StreamStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };
  const emit = (message: StreamMessage) => {
    for (const listener of listeners) listener(message);
  };

  function close(): void {
    generation += 1;
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = undefined;
  }

  function failed(): void {
    close();
    setStatus('down');
    if (listeners.size === 0) return;
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  }

  async function connect(): Promise<void> {
    close();
    if (!EventSourceImpl || listeners.size === 0) return setStatus('down');
    const mine = generation;
    if (status !== 'down') setStatus('connecting');
    let ticket: string;
    fetchingTicket = true;
    try {
      ticket = (await http.request<StreamTicketResponse>('/api/stream/ticket', { method: 'POST', credential })).ticket;
    } catch {
      if (mine === generation) failed();
      return;
    } finally {
      fetchingTicket = false;
    }
    if (mine !== generation) return;
    const opened = new EventSourceImpl(streamUrl(http, ticket, lastEventId));
    source = opened;
    opened.onopen = () => {
      retryMs = firstRetryMs;
      setStatus('open');
    };
    // The ticket is spent: the browser's own reconnection would be refused, so a new one is fetched.
    opened.onerror = () => opened === source && failed();
    hear(opened, (message, id) => {
      if (id) lastEventId = id;
      emit(message);
    });
  }

  return {
    get status() {
      return status;
    },
    subscribe(listener) {
      listeners.add(listener);
      clearTimeout(lingerTimer);
      if (!source && !timer && !fetchingTicket) void connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(lingerTimer);
        lingerTimer = setTimeout(() => {
          if (listeners.size > 0) return;
          close();
          setStatus('down');
        }, options.lingerMs ?? 5000);
      };
    },
    watchStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

const shared = new WeakMap<HttpClient, Map<string, LiveStream>>();

/** The one stream of this page for this credential. */
export function pageStream(http: HttpClient, credential: Credential): LiveStream {
  const byCredential = shared.get(http) ?? new Map<string, LiveStream>();
  shared.set(http, byCredential);
  const key = 'apiKey' in credential ? `key ${credential.apiKey}` : `token ${credential.token}`;
  let stream = byCredential.get(key);
  if (!stream) {
    stream = openLiveStream(http, credential);
    byCredential.set(key, stream);
  }
  return stream;
}
