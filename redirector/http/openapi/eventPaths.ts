/** Webhooks and the live stream in the OpenAPI description (docs/api.md#webhooks, #live-stream). */
import {
  type CreateWebhookResponse,
  type EventClick,
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOK_URL,
  type StreamTicketResponse,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
  type WebhookLastDelivery,
  type WebhooksResponse,
} from '../../contract/webhooks';
import { apiCall, deleteById, query } from './operations';
import { arrayOf, boolean, closedObject, dateTime, id, integer, nullable, ref, type Schema, text } from './schema';

const webhookId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'A webhook id', true);
const eventName: Schema = { enum: [...WEBHOOK_EVENTS] };
const webhookBody = (required: string[]): Schema => ({
  type: 'object',
  properties: {
    url: { type: 'string', maxLength: MAX_WEBHOOK_URL, description: 'http(s); not a private address' },
    events: { type: 'array', items: eventName, minItems: 1 },
    description: { type: 'string', maxLength: MAX_WEBHOOK_DESCRIPTION },
    active: boolean,
  },
  required,
});

export const eventComponentSchemas: Record<string, Schema> = {
  WebhookLastDelivery: closedObject<WebhookLastDelivery>({ at: dateTime, status: nullable(integer()), ok: boolean }),
  Webhook: closedObject<Webhook>({
    id,
    url: text(),
    events: arrayOf(eventName),
    description: text(),
    active: boolean,
    disabled_reason: nullable(text()),
    created_at: dateTime,
    last_delivery: nullable(ref('WebhookLastDelivery')),
  }),
  CreateWebhookResponse: closedObject<CreateWebhookResponse>({
    webhook: ref('Webhook'),
    secret: { type: 'string', pattern: '^whsec_[A-Za-z0-9+/=]{32,}$', description: 'Returned only here' },
  }),
  WebhooksResponse: closedObject<WebhooksResponse>({ webhooks: arrayOf(ref('Webhook')) }),
  WebhookDelivery: closedObject<WebhookDelivery>({
    id,
    message_id: text(),
    type: eventName,
    attempt: integer(),
    status: nullable(integer()),
    error: nullable(text()),
    duration_ms: integer(),
    at: dateTime,
  }),
  WebhookDeliveriesResponse: closedObject<WebhookDeliveriesResponse>({ deliveries: arrayOf(ref('WebhookDelivery')) }),
  EventClick: closedObject<EventClick>(
    {
      id,
      link_id: id,
      short_code: text(),
      domain: text(),
      clicked_at: integer('Epoch milliseconds, as the stored click’s clicked_at'),
      country: text(),
      city: nullable(text()),
      device_type: text(),
      os: nullable(text()),
      browser: nullable(text()),
      referrer: nullable(text()),
      in_app: boolean,
      ip: text('The administrator’s stream only'),
    },
    ['ip'],
  ),
  StreamTicketResponse: closedObject<StreamTicketResponse>({ ticket: text(), expires_at: dateTime }),
};

const sent: Schema = {
  type: 'object',
  properties: { message_id: text(), status: nullable(integer()), error: nullable(text()) },
  required: ['message_id', 'status', 'error'],
  additionalProperties: false,
};

export const eventPaths: Record<string, Record<string, Schema>> = {
  '/api/webhooks': {
    get: apiCall({
      summary: "The caller's webhooks, without secrets",
      access: 'either',
      answers: { 200: ref('WebhooksResponse') },
    }),
    post: apiCall({
      summary: 'Create a webhook (the secret is shown only in this answer; 10 per account)',
      access: 'either',
      body: { json: webhookBody(['url', 'events']) },
      answers: { 201: ref('CreateWebhookResponse') },
      errors: [409],
    }),
    put: apiCall({
      summary: 'Change a webhook',
      access: 'either',
      parameters: [webhookId],
      body: { json: webhookBody([]) },
      answers: {
        200: {
          type: 'object',
          properties: { webhook: ref('Webhook') },
          required: ['webhook'],
          additionalProperties: false,
        },
      },
      errors: [404],
    }),
    delete: deleteById('Delete a webhook', 'either', webhookId, [404]),
  },
  '/api/webhooks/deliveries': {
    get: apiCall({
      summary: 'The last 100 attempts of a webhook, newest first',
      access: 'either',
      parameters: [webhookId],
      answers: { 200: ref('WebhookDeliveriesResponse') },
      errors: [404],
    }),
  },
  '/api/webhooks/test': {
    post: apiCall({
      summary: 'Send a webhook.test message now',
      access: 'either',
      parameters: [webhookId],
      answers: { 200: sent },
      errors: [404, 429],
    }),
  },
  '/api/webhooks/redeliver': {
    post: apiCall({
      summary: 'Queue a message again, with its webhook-id and body',
      access: 'either',
      parameters: [
        webhookId,
        query('message', { type: 'string', maxLength: 100 }, 'The webhook-id of the message', true),
      ],
      answers: {
        202: {
          type: 'object',
          properties: { message_id: text() },
          required: ['message_id'],
          additionalProperties: false,
        },
      },
      errors: [404],
    }),
  },
  '/api/stream/ticket': {
    post: apiCall({
      summary: 'A single-use ticket (60 s) that opens one live stream',
      access: 'either',
      answers: { 200: ref('StreamTicketResponse') },
    }),
  },
  '/api/stream': {
    get: apiCall({
      summary: 'The live stream: text/event-stream of click and link events (credentials or ?ticket=)',
      access: 'either',
      parameters: [
        query('ticket', { type: 'string', maxLength: 200 }, 'A ticket from POST /api/stream/ticket', false),
        query('last_event_id', { type: 'string', pattern: '^[0-9]{1,15}$' }, 'Replay clicks after this id', false),
      ],
      answers: {
        200: {
          description: 'Server-sent events: `click` (EventClick), `link` ({action, link}), a comment every 15 s',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
      },
    }),
  },
};
