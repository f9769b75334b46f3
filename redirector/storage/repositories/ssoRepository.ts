/**
 * Single sign-on (docs/api.md#single-sign-on): provider identities (issuer and `sub`) of accounts,
 * and the one-time tickets of sign-ins under way, each stored only as the hash of its value; the
 * team memberships OIDC_TEAM_GROUPS keeps (docs/api.md#team-roles-from-groups): the shared teams it
 * names, a user's roles in them, a member added or given another role, each in one transaction
 * that keeps the team an owner and the user within MAX_TEAMS_PER_USER (removing one is the teams'
 * own `removeMember`). The user is the subject here: these run at sign-in, before any scope.
 */
import type { TeamRole } from '../../contract/teams';
import type { AfterWrite, Executor } from '../executor';
import { deleteMemberKeys, type GoneKey } from './memberKeys';
import { ownersOf, sharedTeamsOf } from './teamMembers';

export type SsoTicketKind = 'state' | 'handoff';

export interface NamedTeam {
  id: number;
  slug: string;
  name: string;
}

export interface SsoIdentity {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: number;
}

export interface SsoRepository {
  /** The account this provider identity signs in to. */
  userOf(issuer: string, subject: string): Promise<number | undefined>;
  /** Whether the account already has an identity at this issuer (another `sub`). */
  hasIdentity(issuer: string, userId: number): Promise<boolean>;
  /** Links the identity to the account; an identity already linked is left as it is. */
  link(identity: SsoIdentity): Promise<void>;
  /**
   * Links the identity to an existing account unless the account has another identity at this
   * issuer, in one transaction (the account's row locked on PostgreSQL), so that two sign-ins at
   * once, on any instances, link one identity; true when the account is this identity's.
   */
  linkFirst(identity: SsoIdentity): Promise<boolean>;
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
  /** The shared teams among `slugs` (personal teams have no slug). */
  sharedTeams(slugs: readonly string[]): Promise<NamedTeam[]>;
  /** The user's role in each of `teamIds` they belong to. */
  rolesIn(userId: number, teamIds: readonly number[]): Promise<Map<number, TeamRole>>;
  /** Adds the user with `role` and no restrictions; 'limit' past `maxTeams`, 'member' when already one. */
  addMember(
    teamId: number,
    userId: number,
    role: TeamRole,
    now: number,
    maxTeams: number,
    afterWrite?: AfterWrite<GoneKey[]>,
  ): Promise<'added' | 'limit' | 'member'>;
  /**
   * Gives a member another role, keeping their restrictions; 'last-owner' (nothing written) when it
   * would leave the team without an owner. `afterWrite` gets the role before.
   */
  setRole(
    teamId: number,
    userId: number,
    role: TeamRole,
    afterWrite?: AfterWrite<TeamRole>,
  ): Promise<'changed' | 'same' | 'missing' | 'last-owner'>;
}

/** An identity already linked is left as it is. */
const insertIdentity = (db: Executor, identity: SsoIdentity) =>
  db.run(
    'INSERT INTO sso_identities (issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    [identity.issuer, identity.subject, identity.user_id, identity.created_at],
  );

/** SsoRepository.linkFirst: the account's row locked on PostgreSQL, SQLite's transactions one at a time. */
function linkFirst(db: Executor, identity: SsoIdentity): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (tx.engine === 'postgres') await tx.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [identity.user_id]);
    const held = await tx.get<{ subject: string }>(
      'SELECT subject FROM sso_identities WHERE issuer = ? AND user_id = ?',
      [identity.issuer, identity.user_id],
    );
    if (held) return held.subject === identity.subject;
    await insertIdentity(tx, identity);
    const linked = await tx.get<{ user_id: number }>(
      'SELECT user_id FROM sso_identities WHERE issuer = ? AND subject = ?',
      [identity.issuer, identity.subject],
    );
    return linked !== undefined && Number(linked.user_id) === identity.user_id;
  });
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

export function createSsoRepository(db: Executor): SsoRepository {
  return {
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
      await insertIdentity(db, identity);
    },
    linkFirst: (identity) => linkFirst(db, identity),
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
    async sharedTeams(slugs) {
      if (slugs.length === 0) return [];
      const rows = await db.all<NamedTeam>(
        `SELECT id, slug, name FROM teams WHERE personal_user_id IS NULL AND slug IN (${placeholders(slugs.length)})`,
        [...slugs],
      );
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },
    async rolesIn(userId, teamIds) {
      if (teamIds.length === 0) return new Map();
      const rows = await db.all<{ team_id: number; role: TeamRole }>(
        `SELECT team_id, role FROM team_members WHERE user_id = ? AND team_id IN (${placeholders(teamIds.length)})`,
        [userId, ...teamIds],
      );
      return new Map(rows.map((row) => [Number(row.team_id), row.role]));
    },
    addMember(teamId, userId, role, now, maxTeams, afterWrite) {
      return db.transaction(async (tx) => {
        if (tx.engine === 'postgres') await tx.get('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
        const already = await tx.get('SELECT 1 AS n FROM team_members WHERE team_id = ? AND user_id = ?', [
          teamId,
          userId,
        ]);
        if (already) return 'member' as const;
        if ((await sharedTeamsOf(tx, userId)) >= maxTeams) return 'limit' as const;
        await tx.run(
          `INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at)
           VALUES (?, ?, ?, ?, NULL, ?)`,
          [teamId, userId, role, false, now],
        );
        await afterWrite?.(tx, await deleteMemberKeys(tx, teamId, userId));
        return 'added' as const;
      });
    },
    setRole(teamId, userId, role, afterWrite) {
      return db.transaction(async (tx) => {
        const owners = await ownersOf(tx, teamId);
        const now = await tx.get<{ role: TeamRole }>(
          'SELECT role FROM team_members WHERE team_id = ? AND user_id = ?',
          [teamId, userId],
        );
        if (!now) return 'missing' as const;
        if (now.role === role) return 'same' as const;
        if (now.role === 'owner' && owners <= 1) return 'last-owner' as const;
        await tx.run('UPDATE team_members SET role = ? WHERE team_id = ? AND user_id = ?', [role, teamId, userId]);
        await afterWrite?.(tx, now.role);
        return 'changed' as const;
      });
    },
  };
}
