/**
 * An own-links-only member's live stream holds only the links they made (docs/api.md#roles), on
 * both stores: the clicks and link events of another member's link, which the member cannot see
 * anywhere else (404), do not reach their stream, opened with a ticket or with their session; an
 * unrestricted member's stream still gets both.
 */
import { EventSource } from 'eventsource';
import { describe, expect, it } from 'vitest';
import { bearer, call, createLink, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from '../http/bothStores';

interface Gathered {
  clicks: string[];
  links: string[];
  close: () => void;
}

/** A stream of `path` (a ticket's, or the session's with `headers`), the short codes of its clicks and link events gathered. */
async function gather(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<Gathered> {
  const source = new EventSource(`${server.url}${path}`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, ...headers } }),
  });
  const clicks: string[] = [];
  const links: string[] = [];
  source.addEventListener('click', (event) => clicks.push(JSON.parse(event.data).short_code));
  source.addEventListener('link', (event) => links.push(JSON.parse(event.data).link.short_code));
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? error.code}`));
  });
  return { clicks, links, close: () => source.close() };
}

async function ticketStream(server: TestServer, token: string, team: number): Promise<Gathered> {
  const ticket = await call(server, 'POST', '/api/stream/ticket', { headers: inTeam(token, team), body: {} });
  expect(ticket.status).toBe(200);
  return gather(server, `/api/stream?ticket=${ticket.body.ticket}`);
}

async function visit(server: TestServer, code: string): Promise<void> {
  const answer = await fetch(`${server.url}/${code}`, {
    redirect: 'manual',
    headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
  });
  expect(answer.status).toBe(302);
}

describe.each(STORE_SERVERS)('an own-links-only member’s stream on $kind', ({ start }) => {
  let server: TestServer & { close(): Promise<void> };
  serverSuite(start, [{}], (started) => (server = started));

  it('holds the clicks and link events of their own links only', async () => {
    const owner = await newUser(server, 'Owner');
    const member = await newUser(server, 'OwnOnly');
    const team = await newTeam(server, owner, 'Own Links');
    await joinTeam(server, owner, member, team, { role: 'editor', own_links_only: true });
    const others = (await createLink(server, inTeam(owner.token, team), { target_url: 'https://example.com/o' })).body
      .link;
    const own = (await createLink(server, inTeam(member.token, team), { target_url: 'https://example.com/m' })).body
      .link;
    const streams = [
      await ticketStream(server, member.token, team),
      await gather(server, `/api/stream?team=${team}`, bearer(member.token)),
    ];
    const ownerStream = await ticketStream(server, owner.token, team);
    try {
      const changes = [others, own].map((link) =>
        call(server, 'PUT', `/api/links/update?linkId=${link.id}`, {
          headers: inTeam(owner.token, team),
          body: { title: 'Changed' },
        }),
      );
      for (const changed of await Promise.all(changes)) expect(changed.status).toBe(200);
      await visit(server, others.short_code);
      await visit(server, own.short_code);
      const arrived = () => [...streams, ownerStream].every((stream) => stream.clicks.includes(own.short_code));
      await waitFor(arrived, 10_000, 'the own link’s click on every stream');
      for (const stream of streams) {
        expect(stream.clicks).toEqual([own.short_code]);
        expect(stream.links).toEqual([own.short_code]);
      }
      expect(ownerStream.clicks).toEqual([others.short_code, own.short_code]);
      expect(ownerStream.links.sort()).toEqual([others.short_code, own.short_code].sort());
    } finally {
      for (const stream of [...streams, ownerStream]) stream.close();
    }
  });
});
