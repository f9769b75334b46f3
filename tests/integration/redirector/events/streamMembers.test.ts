/**
 * A team member's live stream on both stores (docs/api.md#live-stream): it holds what the member
 * may read. A member restricted to their own links (docs/api.md#roles) gets the clicks and link
 * events of the links they created only, by ticket or header, live and replayed; a member removed
 * from the team stops getting the team's events within a few seconds, and a ticket asked before the
 * removal opens nothing; and a member's streams count against their own account's 20, not the team's.
 */
import { EventSource } from 'eventsource';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STREAM_RECHECK_MS } from '../../../../redirector/events/eventsConfig';
import { bearer, call, createLink, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

interface Heard {
  clicks: { id: number; link_id: number }[];
  links: { action: string; link: { id: number } }[];
  ended: boolean;
  source: EventSource;
}

async function ticketFor(server: TestServer, headers: Record<string, string>): Promise<string> {
  const answer = await call(server, 'POST', '/api/stream/ticket', { headers });
  expect(answer.status).toBe(200);
  return answer.body.ticket;
}

async function listen(server: TestServer, query: string): Promise<Heard> {
  const source = new EventSource(`${server.url}/api/stream?${query}`);
  const heard: Heard = { clicks: [], links: [], ended: false, source };
  source.addEventListener('click', (event) => heard.clicks.push(JSON.parse(event.data)));
  source.addEventListener('link', (event) => heard.links.push(JSON.parse(event.data)));
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? error.code}`));
  });
  // The client would reconnect with the spent ticket: an error after the open is the end.
  source.onerror = () => {
    heard.ended = true;
    source.close();
  };
  return heard;
}

async function visit(server: TestServer, shortCode: string): Promise<void> {
  const answer = await fetch(`${server.url}/${shortCode}`, { redirect: 'manual', headers: { 'User-Agent': BROWSER } });
  await answer.arrayBuffer();
}

describe.each(STORE_SERVERS)('a team member’s live stream on $kind', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [], (p) => (server = p));

  it('holds only the links a member restricted to their own created, live and replayed', async () => {
    const owner = await newUser(server, 'Olive Owner');
    const member = await newUser(server, 'Rita Restricted');
    await newTeam(server, owner, 'Own Co', 'own-co');
    await joinTeam(server, owner, member, 'own-co', { role: 'editor', own_links_only: true });
    const asOwner = inTeam(owner.token, 'own-co');
    const asMember = inTeam(member.token, 'own-co');
    const byTicket = await listen(server, `ticket=${await ticketFor(server, asMember)}`);
    const ownerStream = await listen(server, `ticket=${await ticketFor(server, asOwner)}`);

    const ownersLink = (await createLink(server, asOwner, { target_url: 'https://example.com/owner' })).body.link;
    const membersLink = (await createLink(server, asMember, { target_url: 'https://example.com/member' })).body.link;
    // Others' links are 404 to the member (docs/api.md#roles): their events are not theirs either.
    expect((await call(server, 'GET', `/api/links/user?linkId=${ownersLink.id}`, { headers: asMember })).status).toBe(
      404,
    );
    await visit(server, ownersLink.short_code);
    await visit(server, membersLink.short_code);
    await visit(server, ownersLink.short_code);
    await waitFor(() => ownerStream.clicks.length >= 3 && byTicket.clicks.length >= 1, 5000, 'the clicks');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const seen = (heard: Heard) => [
      ...heard.links.map((event) => `${event.action} ${event.link.id}`),
      ...heard.clicks.map((click) => `click ${click.link_id}`),
    ];
    expect(seen(byTicket)).toEqual([`created ${membersLink.id}`, `click ${membersLink.id}`]);
    expect(seen(ownerStream)).toEqual([
      `created ${ownersLink.id}`,
      `created ${membersLink.id}`,
      `click ${ownersLink.id}`,
      `click ${membersLink.id}`,
      `click ${ownersLink.id}`,
    ]);

    // A stream opened with the header and a replay from before the clicks hold the same.
    const replayed = await listen(server, `ticket=${await ticketFor(server, asMember)}&last_event_id=0`);
    const headers = await fetch(`${server.url}/api/stream?team=own-co`, { headers: bearer(member.token) });
    expect(headers.status).toBe(200);
    const reader = headers.body!.getReader();
    await visit(server, ownersLink.short_code);
    await visit(server, membersLink.short_code);
    let text = '';
    await waitFor(
      async () => {
        const { value } = await reader.read();
        text += Buffer.from(value ?? []).toString();
        return text.includes('event: click');
      },
      5000,
      'a click on the header stream',
    );
    await reader.cancel();
    expect([...text.matchAll(/"link_id":(\d+)/g)].map((found) => Number(found[1]))).toEqual([membersLink.id]);
    await waitFor(() => replayed.clicks.length >= 2, 5000, 'the replay and the new click');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(replayed.clicks.map((click) => click.link_id)).toEqual([membersLink.id, membersLink.id]);
    for (const heard of [byTicket, ownerStream, replayed]) heard.source.close();
  });

  it('ends with the membership: a removed member hears the team no more, and an older ticket opens nothing', async () => {
    const owner = await newUser(server, 'Otto Owner');
    const member = await newUser(server, 'Lea Leaving');
    await newTeam(server, owner, 'Leave Co', 'leave-co');
    await joinTeam(server, owner, member, 'leave-co', 'viewer');
    const asMember = inTeam(member.token, 'leave-co');
    const stream = await listen(server, `ticket=${await ticketFor(server, asMember)}`);
    const spare = await ticketFor(server, asMember);

    const removed = await call(server, 'DELETE', `/api/teams/members?team=leave-co&user=${member.user.id}`, {
      headers: bearer(owner.token),
    });
    expect(removed.status).toBe(204);
    await waitFor(() => stream.ended, DEFAULT_STREAM_RECHECK_MS * 3, 'the end of the removed member’s stream');
    const link = (await createLink(server, inTeam(owner.token, 'leave-co'), { target_url: 'https://example.com/' }))
      .body.link;
    await visit(server, link.short_code);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stream.links).toEqual([]);
    expect(stream.clicks).toEqual([]);
    const refused = await fetch(`${server.url}/api/stream?ticket=${spare}`);
    expect(refused.status).toBe(401);
    await refused.arrayBuffer();
  });
});

// A server of its own: one address makes at most five accounts an hour (ACCOUNTS_PER_ADDRESS).
describe.each(STORE_SERVERS)('a team member’s stream slots on $kind', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [], (p) => (server = p));

  it('counts a member’s streams against their account, not the team: 20 of a viewer leave the owner theirs', async () => {
    const owner = await newUser(server, 'Orla Owner');
    const viewer = await newUser(server, 'Vic Viewer');
    await newTeam(server, owner, 'Slots Co', 'slots-co');
    await joinTeam(server, owner, viewer, 'slots-co', 'viewer');
    const open = (token: string) => fetch(`${server.url}/api/stream?team=slots-co`, { headers: bearer(token) });
    const viewers = [];
    for (let i = 0; i < 20; i++) viewers.push(await open(viewer.token));
    expect(viewers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const ownersStream = await open(owner.token);
    expect(ownersStream.status).toBe(200);
    const twentyFirst = await open(viewer.token);
    expect(twentyFirst.status).toBe(429);
    await twentyFirst.arrayBuffer();
    for (const answer of [...viewers, ownersStream]) await answer.body?.cancel();
  });
});
