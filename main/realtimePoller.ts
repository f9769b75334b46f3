/**
 * The tray's data: GET /api/analytics/realtime on the active server, with the stored session token
 * as X-API-Key: after each click the live stream brings (realtimeStream.ts calls pollNow), and
 * every 10 s while connected and not paused only while that stream is down. Polls never overlap:
 * the next one is scheduled when the previous one has answered.
 */
import type { RealtimeResponse } from '../redirector/contract/analytics';
import type { ActiveConnection } from './desktopState';

export const POLL_INTERVAL_MS = 10_000;
const REQUEST_TIMEOUT_MS = 8_000;

export type MonitorReading =
  | { status: 'online'; baseUrl: string; activeVisitors: number; clicksPerMinute: number }
  /** The server refused the token (expired, revoked, or the admin key changed). */
  | { status: 'signed-out'; baseUrl: string }
  | { status: 'unreachable'; baseUrl: string; detail: string }
  | { status: 'not-connected' }
  | { status: 'paused' };

export interface PollerOptions {
  fetch?: typeof fetch;
  /** The server and token to poll now; undefined while not connected. */
  connection: () => ActiveConnection | undefined;
  paused: () => boolean;
  onReading: (reading: MonitorReading) => void;
  intervalMs?: number;
  /** True while the live stream is up: the interval then reads nothing. */
  streaming?: () => boolean;
}

export interface RealtimePoller {
  /** Polls now, then every interval until stop(). */
  start(): void;
  stop(): void;
  /** One poll, reported to onReading and answered; a scheduled poll keeps its turn. */
  pollNow(): Promise<MonitorReading>;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export async function readRealtime(fetchFn: typeof fetch, connection: ActiveConnection): Promise<MonitorReading> {
  const { baseUrl, token } = connection;
  let response: Response;
  let body: Partial<RealtimeResponse> | undefined;
  try {
    response = await fetchFn(`${baseUrl}/api/analytics/realtime`, {
      headers: { 'X-API-Key': token, Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    body = (await response.json().catch(() => undefined)) as Partial<RealtimeResponse> | undefined;
  } catch (error) {
    return { status: 'unreachable', baseUrl, detail: (error as Error).message };
  }
  if (response.status === 401) return { status: 'signed-out', baseUrl };
  if (!response.ok || !isCount(body?.activeVisitors) || !isCount(body?.clicksPerMinute)) {
    return { status: 'unreachable', baseUrl, detail: `unexpected answer (${response.status})` };
  }
  return {
    status: 'online',
    baseUrl,
    activeVisitors: body.activeVisitors,
    clicksPerMinute: body.clicksPerMinute,
  };
}

export function createRealtimePoller(options: PollerOptions): RealtimePoller {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  // A stop() and start() while a poll is in flight must not leave two schedules running.
  let generation = 0;

  const read = async (): Promise<MonitorReading> => {
    const connection = options.connection();
    if (options.paused()) return { status: 'paused' };
    return connection === undefined ? { status: 'not-connected' } : readRealtime(fetchFn, connection);
  };

  const pollNow = async (): Promise<MonitorReading> => {
    const reading = await read();
    options.onReading(reading);
    return reading;
  };

  const tick = async (mine: number): Promise<void> => {
    timer = undefined;
    if (!options.streaming?.()) {
      const reading = await read();
      // A poll that was in flight when stop() came reports nothing: a stopped monitor stays still.
      if (!running || mine !== generation) return;
      options.onReading(reading);
    }
    timer = setTimeout(() => void tick(mine), intervalMs);
  };

  return {
    start() {
      if (running) return;
      running = true;
      generation += 1;
      void tick(generation);
    },
    stop() {
      running = false;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    pollNow,
  };
}
