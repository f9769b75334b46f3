/**
 * One webhook attempt against a real receiver on loopback (redirector/events/webhookSender.ts,
 * docs/api.md#delivery): a receiver that answers 200 at once but whose body takes longer than the
 * attempt's 10 s has answered, so the attempt is delivered (it was once logged as "no answer within
 * 10 s" with no status and retried, and the message arrived twice); a receiver that sends no status
 * within 10 s has not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newMessageId } from '../../../../redirector/events/eventMessages';
import { sendMessage } from '../../../../redirector/events/webhookSender';
import { newWebhookSecret } from '../../../../redirector/events/webhookService';
import { closeNow } from '../../../helpers/closeNow';

const RULES = { allowPrivate: true };

describe('a webhook attempt against a slow receiver', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await closeNow(server);
  });

  /** A receiver that reads the message and then does `answer` with the response. */
  async function receiver(answer: (res: http.ServerResponse) => void): Promise<string> {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => answer(res));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }

  const attempt = (url: string) =>
    sendMessage(
      { url, secret: newWebhookSecret(), messageId: newMessageId(), body: '{"type":"link.created"}', now: Date.now() },
      RULES,
    );

  it('is delivered when the status came, though the body never ends', { timeout: 30_000 }, async () => {
    const url = await receiver((res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('accepted, more to come');
    });
    const outcome = await attempt(url);
    expect(outcome).toMatchObject({ status: 200, error: null });
  });

  it('fails when no status came within 10 s', { timeout: 30_000 }, async () => {
    const url = await receiver(() => undefined);
    const outcome = await attempt(url);
    expect(outcome).toMatchObject({ status: null, error: 'no answer within 10 s' });
  });
});
