/**
 * The webhooks' kept connections (docs/api.md#delivery): each webhook's deliveries go on one
 * connection kept open KEEP_ALIVE_MS after each answer, so that a busy webhook's messages do not
 * each pay a connect and a close. The connection counts in its account's limit of 10
 * (docs/api.md#outbound-connections-per-account) from before it is made until its socket has
 * closed, idle included: while idle it is marked so that another of the account's attempts in
 * this process that finds no place free closes it first. It was made through the outbound rules'
 * lookup (webhookSender.ts), so it goes to an address they allowed; one set of connections per
 * worker, so per server's rules.
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type { AccountConnections } from '../outbound/accountConnections';
import type { OutboundRules } from '../outbound/addressRules';
import { KEPT_CONNECTION_CLOSED, type SendOutcome, type SendRequest, sendMessage } from './webhookSender';

/** An idle kept connection is closed after this: before the usual 5 s a receiver keeps one (Node's default). */
export const KEEP_ALIVE_MS = 4000;
/**
 * A kept connection is not used again once its place is this old: on PostgreSQL a place is free
 * again 60 s after it was taken (accountConnections.ts), so a connection never outlives its place
 * (30 s, then at most an attempt's 10 s and the idle 4 s).
 */
export const KEPT_AT_MOST_MS = 30_000;
/** A connection being closed that the receiver has not closed on its side by then is cut. */
const CLOSE_WITHIN_MS = 1000;

export interface WebhookConnections {
  /** One attempt of a webhook's delivery, on its kept connection or a new one kept afterwards. */
  send(webhook: { id: number; account: string }, request: SendRequest): Promise<SendOutcome>;
  /** Cuts every kept connection (the worker's stop). */
  closeAll(): void;
}

interface Kept {
  /** The scheme, host and port it was made to. */
  origin: string;
  /** Its own agent: one socket at most, kept while idle. */
  agent: http.Agent;
  socket: net.Socket | undefined;
  /** When its place was taken. */
  since: number;
  /** Closing or closed: never used again. */
  ended: boolean;
  /** Gives the place back (once). */
  give: () => void;
  /** While idle: the idle timer, and the function that takes the idle mark off. */
  idleTimer?: NodeJS.Timeout;
  unmark?: () => void;
}

/** In use: no longer idle, so neither its idle timer nor the account may close it. */
function busy(kept: Kept): void {
  clearTimeout(kept.idleTimer);
  kept.idleTimer = undefined;
  kept.unmark?.();
  kept.unmark = undefined;
}

/**
 * Ends the connection: our side first, then the receiver's (its close comes before ours, so the
 * place is given back only once the receiver has seen the connection end), cut after CLOSE_WITHIN_MS.
 */
function close(kept: Kept, cut = false): void {
  if (kept.ended) return;
  kept.ended = true;
  busy(kept);
  const socket = kept.socket;
  if (!socket) {
    kept.give();
    return;
  }
  // Its place is given back by the socket's close (on()).
  if (socket.destroyed) return;
  if (cut) {
    socket.destroy();
    return;
  }
  socket.end();
  setTimeout(() => socket.destroy(), CLOSE_WITHIN_MS).unref();
}

/** A connection to be made to `origin` on the place `give` gives back, taken at `now`. */
function newKept(origin: string, give: () => void, now: number): Kept {
  const options = { keepAlive: true, maxSockets: 1, maxFreeSockets: 1 };
  const agent = origin.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
  return { origin, agent, socket: undefined, since: now, ended: false, give };
}

/** Whether the next attempt goes on this kept connection: idle in its agent, to the same place, and young enough. */
function usable(kept: Kept, origin: string, now: number): boolean {
  const socket = kept.socket;
  if (kept.ended || !socket || socket.destroyed || kept.origin !== origin) return false;
  if (now - kept.since >= KEPT_AT_MOST_MS) return false;
  // The agent gives a request its free socket at once (http.request), or else makes another.
  return Object.values(kept.agent.freeSockets).some((free) => free?.includes(socket));
}

export function createWebhookConnections(deps: {
  connections: AccountConnections;
  rules: OutboundRules;
  clock?: () => number;
}): WebhookConnections {
  const clock = deps.clock ?? Date.now;
  const byWebhook = new Map<number, Kept>();

  /** After an attempt: kept idle for the next one, the account's to close meanwhile. */
  function idle(kept: Kept, account: string): void {
    const socket = kept.socket;
    if (kept.ended || !socket || socket.destroyed) {
      // No connection came of it (refused before connecting): its place is free.
      if (!socket) close(kept);
      return;
    }
    kept.unmark = deps.connections.idle(account, () => close(kept));
    kept.idleTimer = setTimeout(() => close(kept), KEEP_ALIVE_MS);
    kept.idleTimer.unref();
  }

  function on(kept: Kept, webhookId: number) {
    return {
      agent: kept.agent,
      socket(socket: net.Socket) {
        if (kept.socket === socket) return;
        if (kept.socket) {
          // Never a second connection on one place (usable() sees to it): cut, the attempt fails.
          socket.destroy(new Error('a second connection on one place'));
          return;
        }
        kept.socket = socket;
        const closed = () => {
          kept.ended = true;
          busy(kept);
          if (byWebhook.get(webhookId) === kept) byWebhook.delete(webhookId);
          kept.give();
        };
        // A socket handed over already closed (a lookup that answered at once, refused by the
        // address rules) would never emit its close again: its place is given back now.
        if (socket.closed) closed();
        else socket.once('close', closed);
      },
    };
  }

  async function attempt(kept: Kept, webhook: { id: number; account: string }, request: SendRequest) {
    busy(kept);
    const outcome = await sendMessage(request, deps.rules, on(kept, webhook.id));
    idle(kept, webhook.account);
    return outcome;
  }

  return {
    async send(webhook, request) {
      let origin: string;
      try {
        origin = new URL(request.url).origin;
      } catch {
        return sendMessage(request, deps.rules);
      }
      const kept = byWebhook.get(webhook.id);
      if (kept && usable(kept, origin, clock())) {
        const outcome = await attempt(kept, webhook, request);
        if (outcome.error !== KEPT_CONNECTION_CLOSED) return outcome;
      } else if (kept) {
        close(kept);
      }
      const give = await deps.connections.hold(webhook.account);
      const fresh = newKept(origin, give, clock());
      byWebhook.set(webhook.id, fresh);
      return attempt(fresh, webhook, request);
    },
    closeAll() {
      for (const kept of byWebhook.values()) close(kept, true);
      byWebhook.clear();
    },
  };
}
