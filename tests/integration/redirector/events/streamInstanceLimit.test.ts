/**
 * STREAM_MAX on PostgreSQL (docs/api.md#live-stream): streams opened all at once are counted while
 * they wait for their account's place in the database, so the instance holds no more than it may.
 * Each used to be counted only once its place came back: eight opened together on an instance of
 * three all opened.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders } from '../../../helpers/api';
import { asTestServer, onTestSchema, startPostgresTestServer } from '../../../helpers/postgres';

const STREAM_MAX = 3;
const AT_ONCE = 8;

describe('streams opened at once on a PostgreSQL instance', () => {
  const suite = onTestSchema(async (schema) => ({
    server: await startPostgresTestServer(schema.url, { env: { STREAM_MAX: String(STREAM_MAX) } }),
  }));

  it(`are at most STREAM_MAX (${STREAM_MAX})`, async () => {
    const server = asTestServer(suite.server);
    const headers = adminHeaders(server.adminKey);
    const streams = Array.from({ length: AT_ONCE }, () => new AbortController());
    try {
      const answers = await Promise.all(
        streams.map((stream) => fetch(`${server.url}/api/stream`, { headers, signal: stream.signal })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([
        ...Array<number>(STREAM_MAX).fill(200),
        ...Array<number>(AT_ONCE - STREAM_MAX).fill(429),
      ]);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(await refused.json()).toEqual({ error: expect.stringMatching(/live streams/) });
    } finally {
      for (const stream of streams) stream.abort();
    }
  });
});
