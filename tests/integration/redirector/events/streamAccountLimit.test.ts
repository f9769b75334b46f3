/**
 * An account's live streams on two PostgreSQL instances of one database (docs/api.md#live-stream):
 * at most 20 on both together (each instance once allowed 20 of its own, so two held 40), and a
 * stream closed on one instance frees its place for the other.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders } from '../../../helpers/api';
import { type EndingStream, openEndingStream } from '../../../helpers/endingStreams';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';

describe("an account's live streams on two PostgreSQL instances", () => {
  const instances = twoTestServersOnOneSchema();

  it('are at most 20 on both together', { timeout: 60_000 }, async () => {
    const { a, b } = instances();
    const headers = adminHeaders(a.adminKey);
    const open: EndingStream[] = [];
    /** The answer to one more stream; one that opened is closed at once. */
    const refusal = async (server: TestServer) => {
      const opened = new AbortController();
      const answer = await fetch(`${server.url}/api/stream`, { headers, signal: opened.signal });
      if (answer.status === 429) return { status: answer.status, body: await answer.text() };
      opened.abort();
      return { status: answer.status, body: '' };
    };
    try {
      for (let i = 0; i < 10; i++) open.push(await openEndingStream(a, '/api/stream', headers));
      for (let i = 0; i < 10; i++) open.push(await openEndingStream(b, '/api/stream', headers));
      for (const server of [a, b]) {
        expect(await refusal(server)).toEqual({
          status: 429,
          body: JSON.stringify({ error: 'At most 20 live streams per account' }),
        });
      }
      // One closed on the first instance: the second may open one more, and then none.
      open.shift()!.close();
      await waitFor(
        async () => {
          try {
            open.push(await openEndingStream(b, '/api/stream', headers));
            return true;
          } catch {
            return false;
          }
        },
        10_000,
        'the place given back',
      );
      expect((await refusal(b)).status).toBe(429);
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
