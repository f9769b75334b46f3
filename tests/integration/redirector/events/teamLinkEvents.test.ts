/**
 * A shared team's link events on both stores (docs/api.md#events): the team's webhook and a live
 * stream opened in the team carry `team_id` (the team's) and `actor` beside the event's type for
 * each change of the team's links, whoever makes it: a member signed in, a member's API key (the
 * key's id and name), the administrator acting on the team; a member's personal link is not the
 * team's news.
 */
import { EventSource } from 'eventsource';
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, createLink, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import { receiverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { type WebhookReceiver, waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

interface LinkEvent {
  action: string;
  link: { id: number };
  team_id: number | null;
  actor: unknown;
}

/** The team's stream (a ticket asked with the team's header), its link events gathered. */
async function teamStream(server: TestServer, headers: Record<string, string>) {
  const ticket = await call(server, 'POST', '/api/stream/ticket', { headers });
  expect(ticket.status).toBe(200);
  const source = new EventSource(`${server.url}/api/stream?ticket=${ticket.body.ticket}`);
  const links: LinkEvent[] = [];
  source.addEventListener('link', (event) => links.push(JSON.parse(event.data)));
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? error.code}`));
  });
  return { links, close: () => source.close() };
}

describe.each(STORE_SERVERS)('a team’s link events on $kind', ({ start }) => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  receiverSuite(start, { OUTBOUND_ALLOW_PRIVATE: '1' }, (p) => ({ server, receiver } = p));

  it('name the team and who acted, on its webhook and on its stream', async () => {
    const owner = await newUser(server, 'Olga Owner');
    const editor = await newUser(server, 'Ed Editor');
    const teamId = await newTeam(server, owner, 'Event Co', 'event-co');
    const asMember = (token: string) => inTeam(token, 'event-co');
    await joinTeam(server, owner, editor, 'event-co');
    // Owners make a team's keys (docs/api.md#roles).
    const key = await call(server, 'POST', '/api/keys?team=event-co', {
      headers: bearer(owner.token),
      body: { name: 'Olga script' },
    });
    expect(key.status).toBe(201);
    const hook = await call(server, 'POST', '/api/webhooks', {
      headers: asMember(owner.token),
      body: { url: receiver.url, events: ['link.created', 'link.updated'] },
    });
    expect(hook.status).toBe(201);
    receiver.secret = hook.body.secret;
    const stream = await teamStream(server, asMember(owner.token));

    // Not the team's: the owner's personal link.
    const personal = await createLink(server, bearer(owner.token), { target_url: 'https://example.com/personal' });
    const team = { target_url: 'https://example.com/team' };
    const byEditor = (await createLink(server, asMember(editor.token), team)).body.link;
    const byKey = (await createLink(server, bearer(key.body.secret), team)).body.link;
    const changed = await call(server, 'PUT', `/api/links/update?linkId=${byEditor.id}`, {
      headers: { ...adminHeaders(server.adminKey), 'X-Team': String(teamId) },
      body: { title: 'By the administrator' },
    });
    expect(changed.status).toBe(200);

    const expected = [
      ['created', byEditor.id, { type: 'user', id: editor.user.id, name: 'Ed Editor' }],
      ['created', byKey.id, { type: 'key', id: key.body.key.id, name: 'Olga script' }],
      ['updated', byEditor.id, { type: 'admin', id: null, name: 'admin' }],
    ];
    await waitFor(() => receiver.received.length >= 3 && stream.links.length >= 3, 10_000, 'three link events');
    stream.close();
    const told = receiver.received.map((message) => [message.type, message.data.id, message.team_id, message.actor]);
    expect(told).toEqual(expected.map(([action, id, actor]) => [`link.${action}`, id, teamId, actor]));
    expect(receiver.received.every((message) => message.verified)).toBe(true);
    const streamed = stream.links.map((event) => [event.action, event.link.id, event.team_id, event.actor]);
    expect(streamed).toEqual(expected.map(([action, id, actor]) => [action, id, teamId, actor]));
    expect(told.some(([, id]) => id === personal.body.link.id)).toBe(false);
  });
});
