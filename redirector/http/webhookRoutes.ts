/**
 * Webhooks (docs/api.md#webhooks) and the live stream (docs/api.md#live-stream). The caller's own:
 * the administrator's with X-API-Key (the admin key, an admin session or an admin API key), a
 * user's with a bearer session token or API key.
 */
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { ACCOUNT_DISABLED } from '../contract/lists';
import type {
  CreateWebhookResponse,
  StreamTicketResponse,
  WebhookDeliveriesResponse,
  WebhooksResponse,
} from '../contract/webhooks';
import type { StreamViewer } from '../events/streamHub';
import type { WebhookOwner } from '../events/webhookService';
import type { Services } from '../services';
import { apiKeyOf, requireAdmin, requireUser, type UserState } from './authGuards';
import { badRequest, unauthorized } from './errors';
import { bodyOf, optionalIdParam } from './requestInput';
import { type CredentialCheck, createStreamCredentials } from './streamCredentials';

interface OwnerState {
  owner: WebhookOwner;
  /** How the stream proves its credential again while it lasts. */
  recheck?: CredentialCheck;
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
  const admin = requireAdmin(services);
  const user = requireUser(services);
  const router = new Router();
  const credentials = createStreamCredentials(services);

  /** X-API-Key: the administrator; otherwise the bearer's account. */
  const owner = async (ctx: Context, next: Next) => {
    const asAdmin = apiKeyOf(ctx) !== '';
    await (asAdmin ? admin : user)(ctx, async () => {
      (ctx.state as OwnerState).owner = { userId: asAdmin ? null : (ctx.state as UserState).user.id };
      await next();
    });
  };
  const ownerOf = (ctx: Context) => (ctx.state as OwnerState).owner;

  router.post('/webhooks', owner, async (ctx) => {
    ctx.body = (await webhooks.create(ownerOf(ctx), bodyOf(ctx))) satisfies CreateWebhookResponse;
    ctx.status = 201;
  });
  router.get('/webhooks', owner, async (ctx) => {
    ctx.body = { webhooks: await webhooks.list(ownerOf(ctx)) } satisfies WebhooksResponse;
  });
  router.put('/webhooks', owner, async (ctx) => {
    ctx.body = { webhook: await webhooks.update(ownerOf(ctx), webhookId(ctx), bodyOf(ctx)) };
  });
  router.delete('/webhooks', owner, async (ctx) => {
    await webhooks.delete(ownerOf(ctx), webhookId(ctx));
    ctx.status = 204;
  });
  router.get('/webhooks/deliveries', owner, async (ctx) => {
    ctx.body = {
      deliveries: await webhooks.deliveries(ownerOf(ctx), webhookId(ctx)),
    } satisfies WebhookDeliveriesResponse;
  });
  router.post('/webhooks/test', owner, async (ctx) => {
    ctx.body = await webhooks.test(ownerOf(ctx), webhookId(ctx));
  });
  router.post('/webhooks/redeliver', owner, async (ctx) => {
    const message = ctx.query.message;
    if (typeof message !== 'string' || message === '' || message.length > 100) {
      throw badRequest('Missing message (the webhook-id of the message to send again)');
    }
    ctx.body = await webhooks.redeliver(ownerOf(ctx), webhookId(ctx), message);
    ctx.status = 202;
  });

  router.post('/stream/ticket', owner, async (ctx) => {
    const issued = await tickets.issue(ownerOf(ctx).userId, await credentials.credentialOf(ctx));
    ctx.body = {
      ticket: issued.ticket,
      expires_at: new Date(issued.expiresAt).toISOString(),
    } satisfies StreamTicketResponse;
  });

  /** The viewer a ticket was issued to; the usual headers without one. */
  const viewer = async (ctx: Context, next: Next) => {
    const ticket = ctx.query.ticket;
    if (ticket === undefined) return owner(ctx, next);
    const holder = typeof ticket === 'string' ? await tickets.redeem(ticket) : undefined;
    if (!holder) throw unauthorized(INVALID_TICKET);
    const lapse = await credentials.lapseOf(holder.user_id);
    if (lapse === 'disabled') throw unauthorized(ACCOUNT_DISABLED);
    // A ticket is void once its credential has ended (docs/api.md#live-stream): no stream, no replay.
    const recheck = credentials.ofTicket(holder);
    if (lapse === 'gone' || !(await recheck())) throw unauthorized(INVALID_TICKET);
    (ctx.state as OwnerState).recheck = recheck;
    (ctx.state as OwnerState).owner = { userId: holder.user_id };
    await next();
  };

  router.get('/stream', viewer, async (ctx) => {
    const lastEventId = lastEventIdOf(ctx);
    const out = new PassThrough();
    const streamViewer: StreamViewer = { userId: ownerOf(ctx).userId };
    await hub.open(streamViewer, out, lastEventId);
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    const close = () => {
      stopWatching();
      hub.close(out);
      out.end();
    };
    const stopWatching = credentials.watch((ctx.state as OwnerState).recheck ?? credentials.ofRequest(ctx), close);
    ctx.req.on('close', close);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.type = 'text/event-stream';
    ctx.body = out;
  });
  return router;
}
