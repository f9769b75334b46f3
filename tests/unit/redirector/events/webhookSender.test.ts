/**
 * Webhook signatures (docs/api.md#webhooks) made with node:crypto, checked by the standardwebhooks
 * library's own Webhook.verify: what a receiver following the Standard Webhooks convention runs.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newMessageId } from '../../../../redirector/events/eventMessages';
import { signedHeaders } from '../../../../redirector/events/webhookSender';
import { newWebhookSecret } from '../../../../redirector/events/webhookService';

const click = (id: number) => ({
  id,
  link_id: 3,
  short_code: 'spring',
  domain: null,
  clicked_at: Date.UTC(2026, 11, 3, 6),
  country: 'DE',
  city: 'München',
  device_type: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  referrer: 'tiktok',
  in_app: true,
});

const bodies = {
  'a test message': JSON.stringify({ type: 'webhook.test', timestamp: '2026-12-03T06:00:00.000Z', data: {} }),
  'a message of 100 clicks, non-ASCII text in it': JSON.stringify({
    type: 'link.clicked',
    timestamp: '2026-12-03T06:00:00.000Z',
    data: { clicks: Array.from({ length: 100 }, (_, index) => click(index + 1)) },
  }),
  'a title with an emoji and a quote': JSON.stringify({ type: 'link.updated', data: { title: 'Sale 🎉 "now"' } }),
};

describe('signedHeaders', () => {
  it.each(Object.entries(bodies))('signs %s so that standardwebhooks verifies it', (_, body) => {
    const secret = newWebhookSecret();
    const now = Date.now();
    const headers = signedHeaders(secret, newMessageId(), body, now);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it.each(Object.entries(bodies))('signs %s sent as bytes as it signs its text', (_, body) => {
    const secret = newWebhookSecret();
    const now = Date.now();
    const id = newMessageId();
    const headers = signedHeaders(secret, id, Buffer.from(body), now);
    expect(headers).toEqual(signedHeaders(secret, id, body, now));
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is refused by standardwebhooks for another body, another secret or another message id', () => {
    const secret = newWebhookSecret();
    const body = bodies['a test message'];
    const headers = signedHeaders(secret, 'msg_1', body, Date.now());
    const refused = (check: () => unknown) => expect(check).toThrow(WebhookVerificationError);
    refused(() => new Webhook(secret).verify(body.replace('webhook.test', 'link.clicked'), headers));
    refused(() => new Webhook(newWebhookSecret()).verify(body, headers));
    refused(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' }));
  });
});

describe('newMessageId', () => {
  it('is msg_ and 22 base64url characters, a new one each time', () => {
    const ids = Array.from({ length: 2000 }, () => newMessageId());
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
