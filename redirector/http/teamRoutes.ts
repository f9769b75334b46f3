/**
 * Teams (docs/api.md#teams): GET/POST/PUT/DELETE /api/teams, GET/PUT/DELETE /api/teams/members,
 * POST and DELETE /api/teams/invite, POST /api/teams/join. Every call goes through the user guard, whose team
 * rule (teamRule.ts) picks the team (`?team=`, `X-Team`, or for PUT/DELETE /api/teams `?id=`) and
 * answers 404 to outsiders and 403 to a role that may not; a join sent signed out makes an account
 * first (teamJoin.ts). Invitations are mailed when SMTP_URL is set (docs/api.md#joining-a-team).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  ADMIN_TEAMS_LIMIT,
  type AdminTeamsResponse,
  type InvitationResponse,
  type JoinResponse,
  type Team,
  type TeamMembersResponse,
  type TeamsResponse,
} from '../contract/teams';
import { logProblem } from '../observability/logger';
import type { Services } from '../services';
import { parseInvitation } from '../teams/teamRules';
import { createTeamService } from '../teams/teamService';
import { bearerOf, requireAdmin, requireUser, scopeOf } from './authGuards';
import { badRequest } from './errors';
import { bodyOf, optionalIdParam, rawBodyOf } from './requestInput';
import { requestLanguage } from './requestLanguage';
import { createInvitationPeek, createSignedOutJoin } from './teamJoin';

function memberParam(ctx: Context): number {
  const id = optionalIdParam(ctx, 'user', 'user');
  if (id === undefined) throw badRequest('user must be a user id (a positive whole number)');
  return id;
}

export function createTeamRouter(services: Services): Router {
  const teams = createTeamService({
    store: services.store,
    clock: services.clock,
    publicUrl: services.config.publicUrl,
    async onTeamChanged() {
      services.hubPages.clear();
      await Promise.all([services.hubDirectory.refresh(), services.domains.refresh()]).catch((error) =>
        logProblem('could not read the hubs and domains again after a team changed', error),
      );
    },
  });
  const user = requireUser(services);
  const router = new Router();

  router.get('/teams', user, async (ctx) => {
    ctx.body = { teams: await teams.list(scopeOf(ctx)) } satisfies TeamsResponse;
  });
  // The administrator's list of every shared team (docs/api.md#teams-for-the-administrator).
  router.get('/teams/all', requireAdmin(services), async (ctx) => {
    const rows = await services.store.teams.allShared(ADMIN_TEAMS_LIMIT);
    const teams = rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
    ctx.body = { teams } satisfies AdminTeamsResponse;
  });
  router.post('/teams', user, async (ctx) => {
    ctx.body = { team: await teams.create(scopeOf(ctx), rawBodyOf(ctx)) } satisfies { team: Team };
    ctx.status = 201;
  });
  router.put('/teams', user, async (ctx) => {
    ctx.body = { team: await teams.update(scopeOf(ctx), rawBodyOf(ctx)) } satisfies { team: Team };
  });
  router.delete('/teams', user, async (ctx) => {
    await teams.delete(scopeOf(ctx), rawBodyOf(ctx));
    ctx.status = 204;
  });
  router.get('/teams/members', user, async (ctx) => {
    ctx.body = (await teams.members(scopeOf(ctx))) satisfies TeamMembersResponse;
  });
  router.put('/teams/members', user, async (ctx) => {
    await teams.changeMember(scopeOf(ctx), memberParam(ctx), rawBodyOf(ctx));
    ctx.body = (await teams.members(scopeOf(ctx))) satisfies TeamMembersResponse;
  });
  router.delete('/teams/members', user, async (ctx) => {
    await teams.removeMember(scopeOf(ctx), memberParam(ctx));
    ctx.status = 204;
  });
  router.post('/teams/invite', user, async (ctx) => {
    const scope = scopeOf(ctx);
    const invitation = await teams.invite(scope, rawBodyOf(ctx));
    const { email, role } = parseInvitation(rawBodyOf(ctx));
    const team = (await teams.list(scope)).find((one) => one.id === scope.team?.id);
    const words = { team: team?.name ?? '', inviter: scope.actor.name, role, url: invitation.url };
    services.accountMailing.mailTeamInvitation(email, words, requestLanguage(ctx));
    ctx.body = invitation satisfies InvitationResponse;
  });
  router.delete('/teams/invite', user, async (ctx) => {
    const id = optionalIdParam(ctx, 'id', 'invitation');
    if (id === undefined) throw badRequest('id must be an invitation id (a positive whole number)');
    await teams.cancelInvitation(scopeOf(ctx), id);
    ctx.status = 204;
  });
  const joinSignedOut = createSignedOutJoin(services, teams);
  // No credential: the join page shows the team's name before joining (the token in the body, never logged).
  router.post('/teams/invitation', createInvitationPeek(services, teams));
  // Signed in (a bearer): the caller joins; without one, an account is made first.
  const signedInOrNot = (ctx: Context, next: () => Promise<unknown>) =>
    bearerOf(ctx) === '' ? joinSignedOut(ctx) : user(ctx, next);
  router.post('/teams/join', signedInOrNot, async (ctx) => {
    const invitation = await teams.invitation(bodyOf(ctx).token);
    const team = await teams.join(scopeOf(ctx), invitation);
    ctx.body = { team } satisfies JoinResponse;
  });
  return router;
}
