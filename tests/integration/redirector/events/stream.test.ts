/**
 * The live stream on both stores (docs/api.md#live-stream), read by a real EventSource client
 * (the eventsource package): tickets are single use, a user's stream carries none of another
 * user's clicks, link events name their actor and team, the administrator's carries every click with its address, Last-Event-ID replays
 * what was missed, a ticket whose account was disabled is refused; on PostgreSQL a click stored by
 * one instance, and a link made on one, reach a stream on another within 1 s, a stream opened with
 * another instance's ticket ends once its account is disabled, and a click committed after a later
 * one is not skipped.
 */
import { EventSource } from 'eventsource';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../../../../redirector/contract/lists';
import { DEFAULT_STREAM_RECHECK_MS } from '../../../../redirector/events/eventsConfig';
import { adminHeaders, bearer, call, disableUser, expectExportedTimes, newUser } from '../../../helpers/api';
import { createTestSchema, startPostgresTestServer, type TestSchema } from '../../../helpers/postgres';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

interface Heard {
  // biome-ignore lint/suspicious/noExplicitAny: events are checked field by field
  clicks: any[];
  // biome-ignore lint/suspicious/noExplicitAny: events are checked field by field
  links: any[];
  source: EventSource;
}

async function ticketFor(server: { url: string }, headers: Record<string, string>): Promise<string> {
  const answer = await fetch(`${server.url}/api/stream/ticket`, { method: 'POST', headers });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { ticket: string }).ticket;
}

async function listen(server: { url: string }, query: string): Promise<Heard> {
  const source = new EventSource(`${server.url}/api/stream?${query}`);
  const heard: Heard = { clicks: [], links: [], source };
  source.addEventListener('click', (event) => heard.clicks.push(JSON.parse(event.data)));
  source.addEventListener('link', (event) => heard.links.push(JSON.parse(event.data)));
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? error.code}`));
  });
  return heard;
}

async function visit(server: { url: string }, shortCode: string, address: string): Promise<void> {
  const answer = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address },
  });
  await answer.arrayBuffer();
}

async function userLink(server: { url: string }, token: string): Promise<{ id: number; short_code: string }> {
  const answer = await fetch(`${server.url}/api/links/create`, {
    method: 'POST',
    headers: { ...bearer(token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ target_url: 'https://example.com/' }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { link: { id: number; short_code: string } }).link;
}

describe.each(STORE_SERVERS)('the live stream on $kind', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [{ TRUST_PROXY: '1' }], (p) => (server = p));

  it("carries a user's own clicks and link events only, the administrator's all with ip; tickets once; replay", async () => {
    const alice = await newUser(server, 'Alice');
    const bob = await newUser(server, 'Bob');
    const aliceTicket = await ticketFor(server, bearer(alice.token));
    const aliceStream = await listen(server, `ticket=${aliceTicket}`);
    const reused = await fetch(`${server.url}/api/stream?ticket=${aliceTicket}`);
    expect(reused.status).toBe(401);
    await reused.arrayBuffer();
    const adminStream = await listen(server, `ticket=${await ticketFor(server, adminHeaders(server.adminKey))}`);

    const aliceLink = await userLink(server, alice.token);
    const bobLink = await userLink(server, bob.token);
    await visit(server, bobLink.short_code, '198.51.100.7');
    await visit(server, aliceLink.short_code, '198.51.100.8');
    await visit(server, bobLink.short_code, '198.51.100.9');
    await waitFor(() => adminStream.clicks.length >= 3 && aliceStream.clicks.length >= 1, 3000, 'the clicks');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(aliceStream.clicks).toHaveLength(1);
    expect(aliceStream.clicks[0]).toMatchObject({ link_id: aliceLink.id, short_code: aliceLink.short_code });
    expect(aliceStream.clicks[0].ip).toBeUndefined();
    expect(aliceStream.links.map((event) => [event.action, event.link.id])).toEqual([['created', aliceLink.id]]);
    expect(adminStream.clicks.map((click) => click.ip)).toEqual(['198.51.100.7', '198.51.100.8', '198.51.100.9']);
    expect(adminStream.links).toHaveLength(2);
    // Each link event says who acted and in which team, beside its action (docs/api.md#events).
    const aliceTeams = await call(server, 'GET', '/api/teams', { headers: bearer(alice.token) });
    expect(aliceStream.links[0]).toMatchObject({
      team_id: aliceTeams.body.teams[0].id,
      actor: { type: 'user', id: alice.user.id, name: 'Alice' },
    });
    expect(adminStream.links.map((event) => event.actor)).toEqual([
      { type: 'user', id: alice.user.id, name: 'Alice' },
      { type: 'user', id: bob.user.id, name: 'Bob' },
    ]);

    // A new stream with the last id seen gets what came after it, only its own.
    const missedFrom = adminStream.clicks[0].id - 1;
    aliceStream.source.close();
    const replay = await listen(
      server,
      `ticket=${await ticketFor(server, bearer(alice.token))}&last_event_id=${missedFrom}`,
    );
    await waitFor(() => replay.clicks.length >= 1, 3000, 'the replay');
    expect(replay.clicks.map((click) => click.id)).toEqual([aliceStream.clicks[0].id]);
    // clicked_at is the stored click's epoch milliseconds, live and replayed, with ip or without.
    await expectExportedTimes(server, [...adminStream.clicks, ...aliceStream.clicks, ...replay.clicks]);
    replay.source.close();
    adminStream.source.close();

    const anonymous = await call(server, 'GET', '/api/stream', {});
    expect(anonymous.status).toBe(401);
  });

  it('ends a stream once its session is signed out, its credential rechecked every few seconds', async () => {
    const dave = await newUser(server, 'Dave');
    const stream = await listen(server, `ticket=${await ticketFor(server, bearer(dave.token))}`);
    let ended = false;
    // The eventsource client would reconnect with the spent ticket; an error after the open is the end.
    stream.source.onerror = () => {
      ended = true;
      stream.source.close();
    };
    const logout = await fetch(`${server.url}/api/auth?action=logout`, { method: 'POST', headers: bearer(dave.token) });
    expect(logout.status).toBe(200);
    await waitFor(() => ended, DEFAULT_STREAM_RECHECK_MS * 3, 'the end of the signed-out stream');
    const refused = await fetch(`${server.url}/api/stream/ticket`, { method: 'POST', headers: bearer(dave.token) });
    expect(refused.status).toBe(401);
    await refused.arrayBuffer();
  });

  it('refuses a ticket whose account was disabled after it was issued', async () => {
    const erin = await newUser(server, 'Erin');
    const ticket = await ticketFor(server, bearer(erin.token));
    await disableUser(server, erin.user.id);
    const refused = await fetch(`${server.url}/api/stream?ticket=${ticket}`);
    expect(refused.status).toBe(401);
    // Disabling voided the ticket (docs/api.md#live-stream); a new one is refused as disabled.
    expect(await refused.json()).toEqual({ error: 'The stream ticket is unknown, used or expired' });
    const asked = await fetch(`${server.url}/api/stream/ticket`, { method: 'POST', headers: bearer(erin.token) });
    expect(asked.status).toBe(401);
    expect(await asked.json()).toEqual({ error: ACCOUNT_DISABLED });
  });

  it('refuses a 21st stream of one account (429)', async () => {
    const carol = await newUser(server, 'Carol');
    const streams: Heard[] = [];
    for (let i = 0; i < 20; i++)
      streams.push(await listen(server, `ticket=${await ticketFor(server, bearer(carol.token))}`));
    const refused = await fetch(`${server.url}/api/stream`, { headers: bearer(carol.token) });
    expect(refused.status).toBe(429);
    await refused.arrayBuffer();
    for (const stream of streams) stream.source.close();
  });
});

describe('the live stream across PostgreSQL instances', () => {
  let schema: TestSchema;
  let first: Awaited<ReturnType<typeof startPostgresTestServer>>;
  let second: Awaited<ReturnType<typeof startPostgresTestServer>>;
  beforeAll(async () => {
    schema = await createTestSchema();
    first = await startPostgresTestServer(schema.url);
    second = await startPostgresTestServer(schema.url);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await schema.drop();
  });

  it('a click stored by one instance reaches a stream on another within 1 s', async () => {
    const headers = adminHeaders(first.adminKey);
    const stream = await listen(second, `ticket=${await ticketFor(second, headers)}`);
    const created = await fetch(`${first.url}/api/links`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ target_url: 'https://example.com/' }),
    });
    const link = (await created.json()) as { short_code: string };
    const clickedAt = Date.now();
    await visit(first, link.short_code, '198.51.100.20');
    await waitFor(() => stream.clicks.length >= 1, 1000, 'the click on the other instance');
    expect(Date.now() - clickedAt).toBeLessThan(1000);
    expect(stream.clicks[0].short_code).toBe(link.short_code);
    stream.source.close();
  });

  it('a link created on one instance reaches a stream on another within 1 s, with its action', async () => {
    const headers = adminHeaders(first.adminKey);
    const stream = await listen(second, `ticket=${await ticketFor(second, headers)}`);
    const createdAt = Date.now();
    const created = await fetch(`${first.url}/api/links`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      // Longer than one notification holds: the event goes in parts.
      body: JSON.stringify({ target_url: `https://example.com/${'long/'.repeat(380)}`, title: 'é'.repeat(190) }),
    });
    expect(created.status).toBe(201);
    const link = (await created.json()) as { id: number; target_url: string; title: string };
    await waitFor(() => stream.links.length >= 1, 1000, 'the link event on the other instance');
    expect(Date.now() - createdAt).toBeLessThan(1000);
    expect(stream.links[0]).toMatchObject({ action: 'created', link: { id: link.id, target_url: link.target_url } });
    expect(stream.links[0].link.title).toBe(link.title);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.links).toHaveLength(1);
    stream.source.close();
  });

  it("ends a stream opened with another instance's ticket once its account is disabled", async () => {
    const frank = await newUser(first as unknown as TestServer, 'Frank');
    const stream = await listen(second, `ticket=${await ticketFor(first, bearer(frank.token))}`);
    let ended = false;
    stream.source.onerror = () => {
      ended = true;
      stream.source.close();
    };
    await disableUser(first, frank.user.id);
    await waitFor(() => ended, DEFAULT_STREAM_RECHECK_MS * 3, 'the end of the disabled account’s stream');
  });

  it('a click committed after a later one still reaches the stream (the gap is looked at again)', async () => {
    const headers = adminHeaders(first.adminKey);
    const created = await fetch(`${first.url}/api/links`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ target_url: 'https://example.com/gap' }),
    });
    const link = (await created.json()) as { id: number };
    const stream = await listen(second, `ticket=${await ticketFor(second, headers)}`);
    const slow = new pg.Client({ connectionString: schema.url });
    const quick = new pg.Client({ connectionString: schema.url });
    await slow.connect();
    await quick.connect();
    const insert = `INSERT INTO clicks (link_id, clicked_at, ip_address, device_type)
      VALUES ($1, $2, '198.51.100.30', 'web') RETURNING id`;
    try {
      await slow.query('BEGIN');
      const low = Number((await slow.query(insert, [link.id, Date.now()])).rows[0].id);
      const high = Number((await quick.query(insert, [link.id, Date.now()])).rows[0].id);
      expect(high).toBeGreaterThan(low);
      await waitFor(() => stream.clicks.some((click) => click.id === high), 2000, 'the later click');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await slow.query('COMMIT');
      await waitFor(() => stream.clicks.some((click) => click.id === low), 1000, 'the click committed last');
      expect(stream.clicks.filter((click) => click.id === low)).toHaveLength(1);
    } finally {
      await slow.end();
      await quick.end();
      stream.source.close();
    }
  });
});
