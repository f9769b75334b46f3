/**
 * The tray follows the server's live stream (docs/api.md#live-stream): GET /api/stream on the
 * active server, read as it comes with the stored session token as X-API-Key (the main process
 * sends headers, so it needs no ticket). Each click calls `onClick` (the tray reads its figures
 * again at once); while the stream is up the poller does not poll. A stream that ends or fails is
 * opened again after a growing wait, with the last click id as Last-Event-ID; meanwhile the poller
 * polls as before.
 */
import type { ActiveConnection } from './desktopState';

export const GATHER_MS = 200;

export interface StreamFollowerOptions {
  fetch?: typeof fetch;
  connection: () => ActiveConnection | undefined;
  paused: () => boolean;
  /** After a click: clicks GATHER_MS apart or closer make one call. */
  onClick: () => void;
  /** Whether the stream is up, on each change. */
  onStatus?: (up: boolean) => void;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface StreamFollower {
  /** Opens the stream (again), for the connection of now: after a connect, switch or resume. */
  restart(): void;
  readonly up: boolean;
  stop(): void;
}

/** Calls `onEvent` with each event's name and id as the text/event-stream body arrives. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (name: string, id: string) => void) {
  const decoder = new TextDecoder();
  let pending = '';
  let name = 'message';
  let id = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '' || line === '\r') {
        if (name !== 'message' || id !== '') onEvent(name, id);
        name = 'message';
        id = '';
      } else if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('id:')) id = line.slice(3).trim();
    }
  }
}

export function followRealtimeStream(options: StreamFollowerOptions): StreamFollower {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const firstRetryMs = options.firstRetryMs ?? 2000;
  const maxRetryMs = options.maxRetryMs ?? 60_000;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = firstRetryMs;
  let lastEventId = '';
  let up = false;
  let stopped = false;
  let gathering: ReturnType<typeof setTimeout> | undefined;

  const clicked = () => {
    gathering ??= setTimeout(() => {
      gathering = undefined;
      options.onClick();
    }, GATHER_MS);
  };

  const setUp = (next: boolean) => {
    if (next === up) return;
    up = next;
    options.onStatus?.(next);
  };

  async function follow(signal: AbortSignal, connection: ActiveConnection): Promise<void> {
    const headers: Record<string, string> = { 'X-API-Key': connection.token, Accept: 'text/event-stream' };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const response = await fetchFn(`${connection.baseUrl}/api/stream`, { headers, signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`stream answered ${response.status}`);
    }
    setUp(true);
    retryMs = firstRetryMs;
    await readEvents(response.body, (name, id) => {
      if (name !== 'click') return;
      if (id) lastEventId = id;
      clicked();
    });
  }

  function open(): void {
    controller?.abort();
    clearTimeout(timer);
    timer = undefined;
    const connection = options.connection();
    if (stopped || !connection || options.paused()) {
      setUp(false);
      return;
    }
    const mine = new AbortController();
    controller = mine;
    follow(mine.signal, connection)
      .catch(() => undefined)
      .finally(() => {
        if (mine !== controller || stopped) return;
        setUp(false);
        timer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, maxRetryMs);
      });
  }

  return {
    restart() {
      lastEventId = '';
      retryMs = firstRetryMs;
      open();
    },
    get up() {
      return up;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(gathering);
      controller?.abort();
      setUp(false);
    },
  };
}
