/**
 * A webhook's test, asked several times at once (docs/api.md#webhooks): one is sent, the others
 * answer 429 with the same Retry-After on both stores, the window's 10 s. On PostgreSQL those that
 * met the first test under way (its place taken, not yet counted) were told 1 s, and refused again
 * when they came back.
 */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TEST_TOO_SOON } from '../../../../redirector/contract/webhooks';
import { adminHeaders, createWebhook } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { startReceiver } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const AT_ONCE = 5;

describe.each(STORE_SERVERS)('tests of one webhook at once ($kind)', ({ start }) => {
  let server: TestServer & { close(): Promise<void> };
  serverSuite(start, [{ OUTBOUND_ALLOW_PRIVATE: '1' }], (started) => (server = started));

  it('sends one; the others are told to come back after the 10 s window', async () => {
    const receiver = await startReceiver();
    // A test under way for a while, so that the others meet it before it is counted.
    receiver.delayMs = 300;
    try {
      const id = await createWebhook(server, adminHeaders(server.adminKey), receiver.url);
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          const answer = await fetch(`${server.url}/api/webhooks/test?id=${id}`, {
            method: 'POST',
            headers: adminHeaders(server.adminKey),
          });
          return { status: answer.status, retryAfter: answer.headers.get('Retry-After'), body: await answer.json() };
        }),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(AT_ONCE - 1);
      for (const answer of refused) {
        expect(answer.body).toEqual({ error: WEBHOOK_TEST_TOO_SOON });
        expect(Number(answer.retryAfter), JSON.stringify(refused)).toBeGreaterThanOrEqual(9);
        expect(Number(answer.retryAfter), JSON.stringify(refused)).toBeLessThanOrEqual(10);
      }
    } finally {
      await receiver.close();
    }
  });
});
