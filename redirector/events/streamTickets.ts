/**
 * Single-use tickets that open one live stream (docs/api.md#live-stream): a browser's EventSource
 * sends no headers, so a signed-in caller trades its credential for a ticket valid 60 s and puts
 * it in the stream's URL. Only the SHA-256 of a ticket is stored, in the database, so that any
 * instance can take it.
 */
import crypto from 'node:crypto';
import type { Scope } from '../auth/scope';
import type { EventFeed, TicketHolder } from '../storage/repositories/eventFeed';

export const TICKET_TTL_MS = 60_000;

export interface StreamTickets {
  /**
   * A ticket for the scope's owner; `credential`: what the ticket keeps of the credential that asked for it
   * (http/streamCredentials.ts).
   */
  issue(scope: Scope, credential: string): Promise<{ ticket: string; expiresAt: number }>;
  /** Who the ticket was issued to, once; undefined when unknown, used or expired. */
  redeem(ticket: string): Promise<TicketHolder | undefined>;
}

const hashOf = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('hex');

export function createStreamTickets(feed: EventFeed, clock: () => number): StreamTickets {
  return {
    async issue(scope, credential) {
      const ticket = `st_${crypto.randomBytes(24).toString('base64url')}`;
      const expiresAt = clock() + TICKET_TTL_MS;
      await feed.saveTicket(hashOf(ticket), scope, expiresAt, credential);
      return { ticket, expiresAt };
    },
    async redeem(ticket) {
      if (ticket.length > 200) return undefined;
      return feed.takeTicket(hashOf(ticket), clock());
    },
  };
}
