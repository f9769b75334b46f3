/**
 * The renderer's page stream (renderer/src/api/stream.ts) against the real server, with the
 * eventsource package as the browser's EventSource: it opens with a ticket, hands on clicks and
 * link events, and when the server ends the stream it opens again with a new ticket and the last
 * click id, so the clicks made meanwhile arrive, none twice.
 */
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpClient } from '../../../../renderer/src/api/client';
import { openLiveStream, type StreamMessage, type StreamStatus } from '../../../../renderer/src/api/stream';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function visit(shortCode: string): Promise<void> {
  const answer = await fetch(`${server.url}/${shortCode}`, { redirect: 'manual', headers: { 'User-Agent': BROWSER } });
  await answer.arrayBuffer();
}

it('hears clicks and link events, and after the server ends it, opens again and replays what it missed', async () => {
  const stream = openLiveStream(
    createHttpClient(server.url),
    { apiKey: server.adminKey },
    { EventSourceImpl: EventSource as unknown as typeof globalThis.EventSource, firstRetryMs: 300 },
  );
  const heard: StreamMessage[] = [];
  const statuses: StreamStatus[] = [];
  stream.watchStatus((status) => statuses.push(status));
  const unsubscribe = stream.subscribe((message) => heard.push(message));
  await waitFor(() => stream.status === 'open', 5000, 'the stream to open');

  const created = await fetch(`${server.url}/api/links`, {
    method: 'POST',
    headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ target_url: 'https://example.com/' }),
  });
  const link = (await created.json()) as { id: number; short_code: string };
  await visit(link.short_code);
  const clicks = () => heard.flatMap((message) => (message.kind === 'click' ? [message.click.id] : []));
  await waitFor(() => clicks().length === 1, 3000, 'the first click');
  expect(heard.find((message) => message.kind === 'link')).toMatchObject({ change: { action: 'created' } });

  server.app.services.events.hub.stop();
  await waitFor(() => stream.status === 'down', 3000, 'the stream to go down');
  await visit(link.short_code);
  await visit(link.short_code);
  await waitFor(() => stream.status === 'open', 5000, 'the stream to open again');
  await waitFor(() => clicks().length === 3, 3000, 'the clicks made while it was down');
  const ids = clicks();
  expect(new Set(ids).size).toBe(3);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  expect(statuses).toEqual(['open', 'down', 'open']);
  unsubscribe();
});
