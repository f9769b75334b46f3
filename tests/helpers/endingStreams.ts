/**
 * Live streams that a credential or a membership ends (docs/api.md#live-stream): a ticket asked
 * with some credential, a stream opened that notes when the server ends it, and the refusal of a
 * ticket that no longer stands. Shared by the suites of what ends a stream (streamCredentials,
 * streamMembership, singleSignOnStreams).
 */
import { EventSource } from 'eventsource';
import { expect } from 'vitest';

/** A server the suites reach by its address. */
interface StreamServer {
  url: string;
}

/** A stream as these suites watch it: `ended()` turns true once the server ends it. */
export interface EndingStream {
  ended: () => boolean;
  close: () => void;
}

/** A stream ticket asked with `headers` (a session, an API key, `X-Team`…); expects 200. */
export async function streamTicket(server: StreamServer, headers: Record<string, string>): Promise<string> {
  const answer = await fetch(`${server.url}/api/stream/ticket`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { ticket: string }).ticket;
}

/**
 * Opens the stream at `path` (`/api/stream?ticket=…`, or `/api/stream?team=…` with the session's
 * `headers`); rejects when it does not open. Once open, an error means the server ended it: the
 * client is closed rather than left to reconnect, and `ended()` turns true.
 */
export async function openEndingStream(
  server: StreamServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<EndingStream> {
  const source = new EventSource(`${server.url}${path}`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, ...headers } }),
  });
  let ended = false;
  try {
    await new Promise<void>((resolve, reject) => {
      source.onopen = () => resolve();
      source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? error.code}`));
    });
  } catch (error) {
    source.close();
    throw error;
  }
  source.onerror = () => {
    ended = true;
    source.close();
  };
  return { ended: () => ended, close: () => source.close() };
}

/** A ticket whose credential or membership has ended opens nothing (401) and replays nothing. */
export async function expectTicketRefused(server: StreamServer, ticket: string): Promise<void> {
  const answer = await fetch(`${server.url}/api/stream?ticket=${ticket}&last_event_id=0`);
  expect(answer.status).toBe(401);
  await answer.arrayBuffer();
}
