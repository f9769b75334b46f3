/**
 * Single sign-on (docs/api.md#single-sign-on): provider identities (issuer and `sub`) of accounts,
 * and the one-time tickets of sign-ins under way, each stored only as the hash of its value; the
 * team memberships OIDC_TEAM_GROUPS keeps (ssoTeamMemberships.ts).
 */
import type { Executor } from '../executor';
import { createSsoTeamMemberships, type SsoTeamMemberships } from './ssoTeamMemberships';

export type SsoTicketKind = 'state' | 'handoff';

export interface SsoRepository extends SsoTeamMemberships {
  /** The account this provider identity signs in to. */
  userOf(issuer: string, subject: string): Promise<number | undefined>;
  /** Whether the account already has an identity at this issuer (another `sub`). */
  hasIdentity(issuer: string, userId: number): Promise<boolean>;
  /** Links the identity to the account; an identity already linked is left as it is. */
  link(identity: { issuer: string; subject: string; user_id: number; created_at: number }): Promise<void>;
  /** Keeps a ticket until `expires_at`; tickets past their expiry are dropped on the way. */
  putTicket(
    ticket: { ticket_hash: string; kind: SsoTicketKind; payload: string; expires_at: number },
    now: number,
  ): Promise<void>;
  /**
   * Deletes and answers the ticket's payload when it is of `kind` and alive at `now`. One
   * statement: of two requests with the same ticket, only one gets it.
   */
  takeTicket(ticketHash: string, kind: SsoTicketKind, now: number): Promise<string | undefined>;
}

export function createSsoRepository(db: Executor): SsoRepository {
  return {
    ...createSsoTeamMemberships(db),
    async userOf(issuer, subject) {
      const row = await db.get<{ user_id: number }>(
        'SELECT user_id FROM sso_identities WHERE issuer = ? AND subject = ?',
        [issuer, subject],
      );
      return row === undefined ? undefined : Number(row.user_id);
    },
    async hasIdentity(issuer, userId) {
      const row = await db.get('SELECT 1 AS one FROM sso_identities WHERE issuer = ? AND user_id = ?', [
        issuer,
        userId,
      ]);
      return row !== undefined;
    },
    async link(identity) {
      await db.run(
        'INSERT INTO sso_identities (issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        [identity.issuer, identity.subject, identity.user_id, identity.created_at],
      );
    },
    async putTicket(ticket, now) {
      await db.run('DELETE FROM sso_tickets WHERE expires_at <= ?', [now]);
      await db.run('INSERT INTO sso_tickets (ticket_hash, kind, payload, expires_at) VALUES (?, ?, ?, ?)', [
        ticket.ticket_hash,
        ticket.kind,
        ticket.payload,
        ticket.expires_at,
      ]);
    },
    async takeTicket(ticketHash, kind, now) {
      const row = await db.get<{ payload: string; kind: string; expires_at: number }>(
        'DELETE FROM sso_tickets WHERE ticket_hash = ? RETURNING payload, kind, expires_at',
        [ticketHash],
      );
      if (row === undefined || row.kind !== kind || Number(row.expires_at) <= now) return undefined;
      return row.payload;
    },
  };
}
