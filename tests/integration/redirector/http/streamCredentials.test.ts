/**
 * A live stream lasts no longer than its credential (docs/api.md#live-stream), on both stores and
 * across two PostgreSQL instances: signing out a user's or the administrator's session, deleting an
 * API key (a user's or the administrator's) and disabling an account end the streams that
 * credential opened within 5 s, wherever the ticket was issued and the stream opened, and void the
 * credential's unused tickets (refused, with no replay of missed clicks, even once a disabled account
 * is enabled again). The servers check each
 * credential every STREAM_RECHECK_MS, shortened from 2 s: the promise (5 s) is asserted as it is.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, adminSession, bearer, disableUser, newUser } from '../../../helpers/api';
import { expectTicketRefused, openEndingStream, streamTicket } from '../../../helpers/endingStreams';
import { twoServersOnOneSchema } from '../../../helpers/postgres';
import { serverSuite } from '../../../helpers/startedForSuite';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from './bothStores';

/** What docs/api.md#live-stream promises: the stream ends this soon after its credential does. */
const ENDS_WITHIN_MS = 5_000;
/** STREAM_RECHECK_MS: the streams' recheck, so that each of the 20 cases waits less than the real 2 s. */
const SERVER_ENV = { STREAM_RECHECK_MS: '200' };

interface Server {
  url: string;
  adminKey: string;
}

async function post(
  server: Server,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ token: string; secret: string; key: { id: number } }> {
  const answer = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  expect(answer.status).toBeLessThan(300);
  return (await answer.json()) as { token: string; secret: string; key: { id: number } };
}

async function deleteKey(server: Server, headers: Record<string, string>, id: number): Promise<void> {
  const answer = await fetch(`${server.url}/api/keys?id=${id}`, { method: 'DELETE', headers });
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
}

/** A credential, how to end it, and the instances that issue its tickets, open its stream and end it. */
interface Case {
  name: string;
  credential(issuer: Server): Promise<{ headers: Record<string, string>; end(ender: Server): Promise<void> }>;
}

/** One account per server signs in again for each case (registrations are limited per address). */
const accounts = new Map<Server, { email: string; password: string }>();

async function freshSession(server: Server): Promise<string> {
  let account = accounts.get(server);
  if (!account) {
    const made = await newUser(server as never, 'Stream');
    account = { email: made.user.email, password: made.password };
    accounts.set(server, account);
  }
  return (await post(server, '/api/auth?action=login', {}, account)).token;
}

const CASES: Case[] = [
  {
    name: "a user's session signed out",
    async credential(issuer) {
      const token = await freshSession(issuer);
      return {
        headers: bearer(token),
        end: async (ender) => void (await post(ender, '/api/auth?action=logout', bearer(token))),
      };
    },
  },
  {
    name: "the administrator's session signed out",
    async credential(issuer) {
      const token = await adminSession(issuer as never);
      return {
        headers: adminHeaders(token),
        end: async (ender) => void (await post(ender, '/api/auth?action=logout', adminHeaders(token))),
      };
    },
  },
  {
    name: "the administrator's API key deleted",
    async credential(issuer) {
      const made = await post(issuer, '/api/keys', adminHeaders(issuer.adminKey), { name: 'stream' });
      return {
        headers: adminHeaders(made.secret),
        end: (ender) => deleteKey(ender, adminHeaders(ender.adminKey), made.key.id),
      };
    },
  },
  {
    name: "a user's API key deleted",
    async credential(issuer) {
      const token = await freshSession(issuer);
      const made = await post(issuer, '/api/keys', bearer(token), { name: 'stream' });
      return { headers: bearer(made.secret), end: (ender) => deleteKey(ender, bearer(token), made.key.id) };
    },
  },
  {
    name: "a user's account disabled",
    async credential(issuer) {
      const user = await newUser(issuer as never, 'Disabled');
      return { headers: bearer(user.token), end: (ender) => disableUser(ender, user.user.id) };
    },
  },
];

/** Opens a stream on `opener` with a ticket from `issuer`, ends the credential on `ender`. */
async function endsWithItsCredential(testCase: Case, issuer: Server, opener: Server, ender: Server): Promise<void> {
  const { headers, end } = await testCase.credential(issuer);
  const stream = await openEndingStream(opener, `/api/stream?ticket=${await streamTicket(issuer, headers)}`);
  const unused = await streamTicket(issuer, headers);
  try {
    await end(ender);
    await waitFor(stream.ended, ENDS_WITHIN_MS, `the end of the stream after ${testCase.name}`);
    await expectTicketRefused(opener, unused);
  } finally {
    stream.close();
  }
}

describe.each(STORE_SERVERS)('a stream ends with its credential on $kind', ({ start }) => {
  let server: Server & { close(): Promise<void> };
  serverSuite(start, [SERVER_ENV], (p) => (server = p));

  it.each(CASES)('$name: its stream ends within 5 s and its unused ticket is refused', async (testCase) => {
    await endsWithItsCredential(testCase, server, server, server);
  });

  it('a ticket asked before the account was disabled stays void once it is enabled again', async () => {
    const user = await newUser(server as never, 'Enabled again');
    const unused = await streamTicket(server, bearer(user.token));
    await disableUser(server, user.user.id);
    const enabled = await fetch(`${server.url}/api/users?id=${user.user.id}`, {
      method: 'PUT',
      headers: { ...adminHeaders(server.adminKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ disabled: false }),
    });
    expect(enabled.status).toBe(200);
    await expectTicketRefused(server, unused);
    // The session itself works again (docs/api.md#users): only the ticket is void.
    (await openEndingStream(server, `/api/stream?ticket=${await streamTicket(server, bearer(user.token))}`)).close();
  });
});

describe('a stream ends with its credential across PostgreSQL instances', () => {
  const instances = twoServersOnOneSchema(SERVER_ENV);

  it.each(CASES)('$name on the stream’s instance, its ticket from the other', async (testCase) => {
    await endsWithItsCredential(testCase, instances.a, instances.b, instances.b);
  });

  it.each(CASES)('$name on the instance that issued the ticket, the stream on the other', async (testCase) => {
    await endsWithItsCredential(testCase, instances.a, instances.b, instances.a);
  });
});
