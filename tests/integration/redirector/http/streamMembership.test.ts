/**
 * A member's live stream of a team lasts no longer than their membership (docs/api.md#live-stream),
 * on both stores and across two PostgreSQL instances: removed from the team, the member's stream
 * (opened with a ticket asked in the team, or with their session and `?team=`) ends within 5 s
 * wherever it was opened, and their unused ticket is refused. It went on delivering the team's
 * clicks to the removed member.
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import { expectTicketRefused, openEndingStream, streamTicket } from '../../../helpers/endingStreams';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from './bothStores';

const ENDS_WITHIN_MS = 5_000;
const SERVER_ENV = { STREAM_RECHECK_MS: '200' };

const ticketIn = (server: TestServer, token: string, team: number) => streamTicket(server, inTeam(token, team));

/** A member's streams opened on `opener`, the member removed on `remover`: both streams end, the spare ticket is void. */
async function endsWithMembership(issuer: TestServer, opener: TestServer, remover: TestServer): Promise<void> {
  const owner = await newUser(issuer, 'Owner');
  const member = await newUser(issuer, 'Member');
  const team = await newTeam(issuer, owner, 'Streamers');
  await joinTeam(issuer, owner, member, team, 'viewer');
  const byTicket = await openEndingStream(opener, `/api/stream?ticket=${await ticketIn(issuer, member.token, team)}`);
  const bySession = await openEndingStream(opener, `/api/stream?team=${team}`, bearer(member.token));
  const unused = await ticketIn(issuer, member.token, team);
  try {
    const removed = await call(remover, 'DELETE', `/api/teams/members?team=${team}&user=${member.user.id}`, {
      headers: bearer(owner.token),
    });
    expect(removed.status).toBe(204);
    await waitFor(
      () => byTicket.ended() && bySession.ended(),
      ENDS_WITHIN_MS,
      'the end of the removed member’s streams',
    );
    await expectTicketRefused(opener, unused);
  } finally {
    byTicket.close();
    bySession.close();
  }
}

describe.each(STORE_SERVERS)('a member’s stream ends with their membership on $kind', ({ start }) => {
  let server: TestServer & { close(): Promise<void> };
  serverSuite(start, [SERVER_ENV], (started) => (server = started));

  it('ends within 5 s of their removal, and their unused ticket is refused', async () => {
    await endsWithMembership(server, server, server);
  });
});

describe('a member’s stream ends with their membership across PostgreSQL instances', () => {
  const instances = twoTestServersOnOneSchema(SERVER_ENV);

  it('removed on the instance that issued the ticket, the streams on the other', async () => {
    const { a, b } = instances();
    await endsWithMembership(a, b, a);
  });
});
