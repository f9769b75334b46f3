/**
 * POST /api/teams/join signed out (docs/api.md#joining-a-team): `{token, name, password}` makes an
 * account for the invitation's email, whatever REGISTRATION says (the owner who invited chose the
 * address), joins the team and signs in. An email that has an account → 409 "Sign in first": that
 * account signs in and joins. A wrong token counts as a wrong credential of the client's address,
 * and the account as one of its registrations (docs/api.md#hardening-and-privacy).
 */
import type { Context } from 'koa';
import { z } from 'zod';
import { accountFields, EMAIL_TAKEN, parseWith, toApiUser } from '../auth/accountService';
import { checkCredential, limitedAttempt, TOO_MANY_ACCOUNTS } from '../auth/limitedAttempts';
import { userScope } from '../auth/scope';
import { PASSWORD_LOGIN_OFF } from '../contract/auth';
import { INVITATION_INVALID, type InvitationPeekResponse, type JoinResponse, SIGN_IN_FIRST } from '../contract/teams';
import { RuleError, taken } from '../ruleError';
import type { Services } from '../services';
import type { InvitationRow } from '../storage/repositories/teamMembers';
import type { TeamService } from '../teams/teamService';
import { forbidden, notFound } from './errors';
import { rawBodyOf } from './requestInput';
import { requestLanguage } from './requestLanguage';
import { sessionOriginOf } from './sessionOrigin';

export type JoinServices = Pick<
  Services,
  'config' | 'store' | 'limiter' | 'registrations' | 'accounts' | 'auth' | 'accountMailing' | 'lookupPlace'
>;

const newMember = z.object(
  { token: z.string({ error: INVITATION_INVALID }), name: accountFields.name, password: accountFields.password },
  { error: 'Request body must be an object with token, name and password' },
);

/** The invitation `token` names, or undefined (counted as a wrong credential by the caller). */
async function invitationOrNothing(teams: TeamService, token: string): Promise<InvitationRow | undefined> {
  try {
    return await teams.invitation(token);
  } catch (error) {
    if (error instanceof RuleError && error.status === 404) return undefined;
    throw error;
  }
}

/** The signed-out join's handler: account, membership and session, answered 201. */
export function createSignedOutJoin(services: JoinServices, teams: TeamService) {
  const { config, store, limiter, registrations, accounts, auth, accountMailing } = services;
  return async (ctx: Context): Promise<void> => {
    if (!config.passwordLogin) throw forbidden(PASSWORD_LOGIN_OFF);
    const { token, name, password } = parseWith(newMember, rawBodyOf(ctx), INVITATION_INVALID);
    const invitation = await checkCredential(limiter, ctx.ip, () => invitationOrNothing(teams, token));
    if (!invitation) throw notFound(INVITATION_INVALID);
    if (await store.users.findByEmail(invitation.email)) throw taken(SIGN_IN_FIRST);
    const register = () =>
      accounts.register({ name, email: invitation.email, password }).catch((error: unknown) => {
        // Made by another request since the look above.
        throw error instanceof RuleError && error.message === EMAIL_TAKEN ? taken(SIGN_IN_FIRST) : error;
      });
    const user = await limitedAttempt(registrations, ctx.ip, TOO_MANY_ACCOUNTS, register, () => true);
    // The account is made for this join: a join refused meanwhile (the token used by another) takes it back.
    const team = await teams.join(userScope(user), invitation).catch(async (error: unknown) => {
      await store.users.delete(user.id);
      throw error;
    });
    const session = await auth.startUserSession(user.id, sessionOriginOf(ctx, services.lookupPlace));
    await accountMailing.noteLanguage(user, requestLanguage(ctx));
    const { id, email } = toApiUser(user);
    ctx.status = 201;
    ctx.body = { team, token: session, user: { id, name: user.name, email } } satisfies JoinResponse;
  };
}

/**
 * POST /api/teams/invitation `{token}`, no credential (docs/api.md#joining-a-team): the invited
 * team's name, the role offered, the address invited and when the invitation ends, for the join
 * page; nothing else of the team (not its id or slug). A wrong token → 404 and counts as a wrong
 * credential of the client's address.
 */
export function createInvitationPeek(services: Pick<Services, 'store' | 'limiter'>, teams: TeamService) {
  return async (ctx: Context): Promise<void> => {
    const token = (rawBodyOf(ctx) as { token?: unknown } | null)?.token;
    const invitation = await checkCredential(services.limiter, ctx.ip, () =>
      invitationOrNothing(teams, typeof token === 'string' ? token : ''),
    );
    const name = invitation && (await services.store.teams.nameOf(invitation.team_id));
    if (!invitation || name === undefined) throw notFound(INVITATION_INVALID);
    ctx.body = {
      team: { name },
      role: invitation.role,
      email: invitation.email,
      expires_at: new Date(invitation.expires_at).toISOString(),
    } satisfies InvitationPeekResponse;
  };
}
