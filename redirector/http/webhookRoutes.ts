/**
 * Webhooks (docs/api.md#webhooks) and the live stream (docs/api.md#live-stream). The caller's own:
 * the administrator's with X-API-Key (the admin key, an admin session or an admin API key), a
 * user's with a bearer session token or API key.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { checkCredential } from '../auth/limitedAttempts';
import { type Scope, type TeamAccess, teamIdOf } from '../auth/scope';
import { ACCOUNT_DISABLED } from '../contract/lists';
import type {
  CreateWebhookResponse,
  StreamTicketResponse,
  WebhookDeliveriesResponse,
  WebhooksResponse,
} from '../contract/webhooks';
import type { StreamViewer } from '../events/streamHub';
import { logProblem } from '../observability/logger';
import type { Services } from '../services';
import { requireCaller, scopeOf } from './authGuards';
import { badRequest, unauthorized } from './errors';
import { bodyOf, optionalIdParam } from './requestInput';
import { type CredentialCheck, createStreamCredentials, type StreamMember } from './streamCredentials';

interface StreamState {
  /** Whose clicks the stream holds: a ticket's holder, or the caller's scope's owner. */
  viewer?: StreamViewer;
  /** How the stream proves its credential again while it lasts. */
  recheck?: CredentialCheck;
  /** The member's place in the stream's team; undefined for the administrator. */
  member?: StreamMember;
}

/** A member's place in `team` as their stream sees it; undefined: no member (the administrator). */
function memberOf(userId: number | null, team: TeamAccess | undefined): StreamMember | undefined {
  return userId === null || !team ? undefined : { userId, teamId: team.id, ownLinksOnly: team.ownLinksOnly };
}

/** Whose events a stream holds: its team's, or with own links only those its member created (docs/api.md#roles). */
function viewerOf(teamId: number | null, account: number | null, member: StreamMember | undefined): StreamViewer {
  return { teamId, account, creator: member?.ownLinksOnly ? member.userId : null };
}

/** A stream opened with the usual headers: its scope's team, and its member (the administrator's: none). */
function scopeViewer(scope: Scope): { viewer: StreamViewer; member: StreamMember | undefined } {
  const account = scope.actor.type === 'admin' ? null : scope.actor.id;
  const member = memberOf(account, scope.team ?? undefined);
  return { viewer: viewerOf(teamIdOf(scope), account, member), member };
}

const INVALID_TICKET = 'The stream ticket is unknown, used or expired';

function webhookId(ctx: Context): number {
  const id = optionalIdParam(ctx, 'id', 'webhook');
  if (id === undefined) throw badRequest('Missing id (the webhook id)');
  return id;
}

/** Last-Event-ID (header) or last_event_id (query): the last click id the client saw. */
function lastEventIdOf(ctx: Context): number | undefined {
  const header = ctx.get('Last-Event-ID').trim();
  const query = ctx.query.last_event_id;
  const text = header !== '' ? header : typeof query === 'string' ? query.trim() : '';
  if (text === '') return undefined;
  if (!/^\d{1,15}$/.test(text)) throw badRequest('Last-Event-ID must be a click id (a whole number)');
  return Number(text);
}

export function createWebhookRouter(services: Services): Router {
  const { webhooks, hub, tickets } = services.events;
  const router = new Router();
  const credentials = createStreamCredentials(services);

  /** X-API-Key: the administrator's own webhooks; otherwise the bearer's (ctx.state.scope). */
  const owner = requireCaller(services);

  router.post('/webhooks', owner, async (ctx) => {
    ctx.body = (await webhooks.create(scopeOf(ctx), bodyOf(ctx))) satisfies CreateWebhookResponse;
    ctx.status = 201;
  });
  router.get('/webhooks', owner, async (ctx) => {
    ctx.body = { webhooks: await webhooks.list(scopeOf(ctx)) } satisfies WebhooksResponse;
  });
  router.put('/webhooks', owner, async (ctx) => {
    ctx.body = { webhook: await webhooks.update(scopeOf(ctx), webhookId(ctx), bodyOf(ctx)) };
  });
  router.delete('/webhooks', owner, async (ctx) => {
    await webhooks.delete(scopeOf(ctx), webhookId(ctx));
    ctx.status = 204;
  });
  router.get('/webhooks/deliveries', owner, async (ctx) => {
    ctx.body = {
      deliveries: await webhooks.deliveries(scopeOf(ctx), webhookId(ctx)),
    } satisfies WebhookDeliveriesResponse;
  });
  router.post('/webhooks/test', owner, async (ctx) => {
    ctx.body = await webhooks.test(scopeOf(ctx), webhookId(ctx));
  });
  router.post('/webhooks/redeliver', owner, async (ctx) => {
    const message = ctx.query.message;
    if (typeof message !== 'string' || message === '' || message.length > 100) {
      throw badRequest('Missing message (the webhook-id of the message to send again)');
    }
    ctx.body = await webhooks.redeliver(scopeOf(ctx), webhookId(ctx), message);
    ctx.status = 202;
  });

  router.post('/stream/ticket', owner, async (ctx) => {
    const issued = await tickets.issue(scopeOf(ctx), await credentials.credentialOf(ctx));
    ctx.body = {
      ticket: issued.ticket,
      expires_at: new Date(issued.expiresAt).toISOString(),
    } satisfies StreamTicketResponse;
  });

  /** The viewer a ticket was issued to; the usual headers without one. */
  const viewer = async (ctx: Context, next: Next) => {
    const ticket = ctx.query.ticket;
    if (ticket === undefined) return owner(ctx, next);
    // A ticket is a credential: an unknown one counts toward the credential limiter, and a refused
    // address is refused before its ticket is spent (docs/api.md#the-credential-limiter).
    const holder = await checkCredential(services.limiter, ctx.ip, async () =>
      typeof ticket === 'string' ? await tickets.redeem(ticket) : undefined,
    );
    if (!holder) throw unauthorized(INVALID_TICKET);
    const lapse = await credentials.lapseOf(holder.user_id);
    if (lapse === 'disabled') throw unauthorized(ACCOUNT_DISABLED);
    // A ticket is void once its credential has ended (docs/api.md#live-stream): no stream, no replay.
    const recheck = credentials.ofTicket(holder);
    if (lapse === 'gone' || !(await recheck.stands())) throw unauthorized(INVALID_TICKET);
    (ctx.state as StreamState).recheck = recheck;
    // A ticket names the team it was asked for (docs/api.md#live-stream); one older than that
    // column, its user's personal team.
    const account =
      holder.team_id !== null || holder.user_id === null
        ? undefined
        : await services.store.users.findById(holder.user_id);
    const teamId = holder.team_id ?? account?.personal_team_id ?? null;
    // A member who left the team since (or whose account has no such team) opens nothing.
    const team =
      holder.user_id === null || teamId === null
        ? undefined
        : await services.store.teams.accessById(holder.user_id, teamId);
    if (holder.user_id !== null && teamId !== null && !team) throw unauthorized(INVALID_TICKET);
    const member = memberOf(holder.user_id, team);
    Object.assign(ctx.state as StreamState, {
      viewer: viewerOf(teamId, holder.user_id, member),
      member,
    } satisfies StreamState);
    await next();
  };

  router.get('/stream', viewer, streamRoute(hub, credentials));
  return router;
}

/** GET /api/stream: the viewer's live stream, written straight to the response (docs/api.md#live-stream). */
function streamRoute(hub: Services['events']['hub'], credentials: ReturnType<typeof createStreamCredentials>) {
  return async (ctx: Context) => {
    const lastEventId = lastEventIdOf(ctx);
    const state = ctx.state as StreamState;
    const { viewer: streamViewer, member } = state.viewer
      ? { viewer: state.viewer, member: state.member }
      : scopeViewer(scopeOf(ctx));
    hub.admit(streamViewer);
    // Written straight to the response, no stream in between: less memory per open stream (docs/api.md#live-stream).
    const out = ctx.res;
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    try {
      await hub.open(streamViewer, out, lastEventId);
    } catch (error) {
      hub.close(out);
      // Nothing written yet: answered as any error; else the stream just ends.
      if (!out.headersSent) throw error;
      logProblem('a live stream failed while writing the clicks it missed', error);
      ctx.respond = false;
      out.end();
      return;
    }
    ctx.respond = false;
    const close = () => {
      stopWatching();
      hub.close(out);
      if (!out.writableEnded) out.end();
    };
    const check = credentials.ofMember(state.recheck ?? credentials.ofRequest(ctx), member);
    const stopWatching = credentials.watch(check, close);
    ctx.req.once('close', close);
    // Gone while its missed clicks were written.
    if (ctx.req.socket.destroyed) close();
  };
}
