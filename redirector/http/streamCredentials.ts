/**
 * A live stream lasts no longer than the credential that opened it (docs/api.md#live-stream): every
 * RECHECK_MS the stream proves its credential again and ends when that fails (a signed-out or
 * revoked session, a deleted key, a disabled account). The client then asks for a new ticket, is
 * refused, and signs out. A ticket carries its credential's check only in this instance's memory
 * (nothing secret is stored); a ticket redeemed on another instance checks its account instead.
 */
import type { Context } from 'koa';
import type { Services } from '../services';
import { type GuardServices, stillProven } from './authGuards';

export const RECHECK_MS = 5_000;
/** A check kept for a ticket no longer than the ticket itself lives. */
const TICKET_CHECK_MS = 60_000;

export type CredentialCheck = () => Promise<boolean>;

/** Why a ticket's account no longer stands (deleted, or disabled); undefined while it does. */
export type TicketLapse = 'gone' | 'disabled' | undefined;

export interface StreamCredentials {
  /** The check of the request's own credential (headers). */
  ofRequest(ctx: Context): CredentialCheck;
  /** Keeps the issuing request's check with its ticket. */
  rememberTicket(ticket: string, ctx: Context): void;
  /**
   * The check a ticket was issued with, once; for a ticket another instance issued, its account's
   * (the administrator's always stands).
   */
  ofTicket(ticket: string, userId: number | null): CredentialCheck;
  /**
   * The one rule for a ticket's account, asked when the ticket is redeemed and, for a ticket another
   * instance issued, every RECHECK_MS: it must still exist and not be disabled (the administrator's
   * always stands).
   */
  lapseOf(userId: number | null): Promise<TicketLapse>;
  /** Ends `end` once `check` fails; the returned function stops watching. */
  watch(check: CredentialCheck, end: () => void): () => void;
}

export function createStreamCredentials(services: GuardServices & Pick<Services, 'store'>): StreamCredentials {
  const byTicket = new Map<string, CredentialCheck>();
  const ofRequest = (ctx: Context) => stillProven(services, ctx);
  const lapseOf = async (userId: number | null): Promise<TicketLapse> => {
    if (userId === null) return undefined;
    const account = await services.store.users.findById(userId);
    if (!account) return 'gone';
    return account.disabled ? 'disabled' : undefined;
  };
  return {
    ofRequest,
    lapseOf,
    rememberTicket(ticket, ctx) {
      byTicket.set(ticket, ofRequest(ctx));
      setTimeout(() => byTicket.delete(ticket), TICKET_CHECK_MS).unref();
    },
    ofTicket(ticket, userId) {
      const check = byTicket.get(ticket);
      byTicket.delete(ticket);
      if (check) return check;
      return async () => (await lapseOf(userId)) === undefined;
    },
    watch(check, end) {
      let stopped = false;
      const timer = setInterval(() => {
        check().then(
          (valid) => {
            if (!valid && !stopped) end();
          },
          // A database that does not answer says nothing about the credential: keep the stream.
          () => undefined,
        );
      }, RECHECK_MS);
      timer.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}
