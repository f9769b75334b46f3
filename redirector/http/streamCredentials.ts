/**
 * A live stream lasts no longer than the credential that opened it (docs/api.md#live-stream): every
 * STREAM_RECHECK_MS (2 s) each credential with streams open proves itself again, once however many streams it
 * opened (credentialWatch.ts), and its streams end when that fails (a signed-out or revoked
 * session, a deleted key, a disabled or deleted account), the administrator's included. A
 * ticket names its credential in the database (`session:` or `api-key:` and the credential's stored
 * hash, or `admin-key`; nothing secret), so whichever instance redeems it checks that credential:
 * when the stream opens, which voids a ticket whose credential has ended, and while it lasts. A
 * member's stream of a team also lasts no longer than their membership, with the same own-links
 * restriction (ofMember): removed or gone, the stream ends and an unused ticket is void
 * (docs/api.md#live-stream).
 */
import type { Context } from 'koa';
import { hashToken } from '../auth/tokens';
import type { Services } from '../services';
import type { TicketHolder } from '../storage/repositories/eventFeed';
import { apiKeyOf, bearerOf, type GuardServices, stillProven } from './authGuards';
import { type CredentialCheck, createCredentialWatch } from './credentialWatch';

export type { CredentialCheck } from './credentialWatch';

/** A member's place in the team whose stream they opened (docs/api.md#live-stream). */
export interface StreamMember {
  userId: number;
  teamId: number;
  ownLinksOnly: boolean;
}

const ADMIN_KEY = 'admin-key';

/** Why a ticket's account no longer stands (deleted, or disabled); undefined while it does. */
export type TicketLapse = 'gone' | 'disabled' | undefined;

export interface StreamCredentials {
  /** The check of the request's own credential (headers). */
  ofRequest(ctx: Context): CredentialCheck;
  /** What a ticket records of the guarded request's credential (its kind and stored hash). */
  credentialOf(ctx: Context): Promise<string>;
  /** The check of the credential a ticket names, and of its account. */
  ofTicket(holder: TicketHolder): CredentialCheck;
  /** The ticket's account: it must still exist and not be disabled (the administrator always stands). */
  lapseOf(userId: number | null): Promise<TicketLapse>;
  /**
   * `check`, and the member still in the team with the same own-links restriction: a member's
   * stream of a team ends with that membership, or once it sees more or less than it was opened for.
   */
  ofMember(check: CredentialCheck, member: StreamMember | undefined): CredentialCheck;
  /** Ends `end` once `check` fails; the returned function stops watching. */
  watch(check: CredentialCheck, end: () => void): () => void;
}

type CredentialServices = GuardServices & Pick<Services, 'store' | 'clock' | 'config'>;

/** Whether the credential a ticket names still stands: a live session, a key not deleted, the admin key. */
async function credentialStands({ store, clock }: CredentialServices, credential: string | null): Promise<boolean> {
  if (credential === ADMIN_KEY) return true;
  const [kind, hash] = (credential ?? '').split(':');
  if (!hash) return false;
  if (kind === 'session') {
    const session = await store.sessions.find(hash);
    if (session === undefined || session.expires_at <= clock()) return false;
    // An administrator session single sign-on gave lasts no longer than its account (docs/api.md#single-sign-on).
    if (session.kind !== 'admin' || session.user_id === null) return true;
    const account = await store.users.findById(session.user_id);
    return account !== undefined && !account.disabled;
  }
  return kind === 'api-key' && (await store.apiKeys.findByHash(hash)) !== undefined;
}

export function createStreamCredentials(services: CredentialServices): StreamCredentials {
  const watcher = createCredentialWatch(services.config.events.streamRecheckMs);
  const lapseOf = async (userId: number | null): Promise<TicketLapse> => {
    if (userId === null) return undefined;
    const account = await services.store.users.findById(userId);
    if (!account) return 'gone';
    return account.disabled ? 'disabled' : undefined;
  };
  return {
    ofRequest(ctx) {
      const adminSecret = apiKeyOf(ctx);
      const key = adminSecret !== '' ? `x-api-key:${hashToken(adminSecret)}` : `bearer:${hashToken(bearerOf(ctx))}`;
      return { key, stands: stillProven(services, ctx) };
    },
    async credentialOf(ctx) {
      // Asked of the stored credentials, not of the guard's state, so it holds whatever the guard keeps.
      const adminSecret = apiKeyOf(ctx);
      const hash = hashToken(adminSecret !== '' ? adminSecret : bearerOf(ctx));
      if (await services.store.apiKeys.findByHash(hash)) return `api-key:${hash}`;
      // The administrator's other sign-in credential is the admin key itself, which is not stored.
      if (adminSecret !== '' && !(await services.store.sessions.find(hash))) return ADMIN_KEY;
      return `session:${hash}`;
    },
    ofTicket(holder) {
      return {
        key: `ticket:${holder.credential}:${holder.user_id}`,
        stands: async () =>
          (await credentialStands(services, holder.credential)) && (await lapseOf(holder.user_id)) === undefined,
      };
    },
    lapseOf,
    ofMember(check, member) {
      if (!member) return check;
      return {
        key: `${check.key}:team:${member.teamId}`,
        stands: async () => {
          if (!(await check.stands())) return false;
          const access = await services.store.teams.accessById(member.userId, member.teamId);
          return access !== undefined && access.ownLinksOnly === member.ownLinksOnly;
        },
      };
    },
    watch: (check, end) => watcher.watch(check, end),
  };
}
