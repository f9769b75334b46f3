/**
 * Three instances on one PostgreSQL database hold one limit per client between them: wrong
 * credentials and registrations spread over the instances count together, atomically under bursts
 * (docs/api.md#hardening-and-privacy).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRetryAfter } from '../../../helpers/limits';
import {
  type DataPlace,
  newDataPlace,
  type RunningServer,
  send,
  signedInUser,
  startServerOn,
  tally,
} from '../http/hardeningHelpers';

const BURST = 60;

describe('limits shared by three instances', () => {
  let place: DataPlace;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    place = await newDataPlace('postgres');
    servers = await Promise.all([1, 2, 3].map(() => startServerOn(place, { env: { TRUST_PROXY: '1' } })));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await place?.drop();
  });

  const at = (i: number) => servers[i % servers.length]!;

  it('answer at most 10 of 60 wrong admin keys sent at once across them, then refuse the right key on each', async () => {
    const address = '198.51.100.20';
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        send(at(i).url, 'POST', '/api/auth?action=admin', {
          body: { key: `wrong-key-${i}` },
          headers: { 'X-Forwarded-For': address },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 50 });
    for (const server of servers) {
      const right = await send(server.url, 'POST', '/api/auth?action=admin', {
        body: { key: server.adminKey },
        headers: { 'X-Forwarded-For': address },
      });
      expect(right.status).toBe(429);
      expectRetryAfter(right, 900);
    }
    // Another client is not held back by this one.
    const other = await send(at(1).url, 'POST', '/api/auth?action=admin', {
      body: { key: at(1).adminKey },
      headers: { 'X-Forwarded-For': '198.51.100.21' },
    });
    expect(other.status).toBe(200);
  });

  it('count wrong credentials one at a time across them: the 11th is refused wherever it lands', async () => {
    const address = '198.51.100.30';
    for (let i = 0; i < 10; i++) {
      const answer = await send(at(i).url, 'GET', '/api/links', {
        headers: { 'X-API-Key': `guess-${i}`, 'X-Forwarded-For': address },
      });
      expect(answer.status).toBe(401);
    }
    const right = await send(at(10).url, 'GET', '/api/links', {
      headers: { 'X-API-Key': at(10).adminKey, 'X-Forwarded-For': address },
    });
    expect(right.status).toBe(429);
  });

  it('create at most 5 accounts an hour per address across them, even from 20 sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(at(i).url, 'POST', '/api/auth?action=register', {
          body: { name: 'Spread', email: `spread${i}@example.com`, password: 'long-enough' },
          headers: { 'X-Forwarded-For': '203.0.113.40' },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 5, 429: 15 });
    const elsewhere = await send(at(2).url, 'POST', '/api/auth?action=register', {
      body: { name: 'Other', email: 'other-address@example.com', password: 'long-enough' },
      headers: { 'X-Forwarded-For': '203.0.113.41' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('count wrong current passwords of one account across them, from any address, sent at once or not', async () => {
    const user = await signedInUser(at(0).url, { 'X-Forwarded-For': '203.0.113.60' });
    const change = (i: number, password: string, from: string) =>
      send(at(i).url, 'PUT', '/api/account', {
        body: { password: 'a-new-password', current_password: password },
        headers: { Authorization: `Bearer ${user.token}`, 'X-Forwarded-For': from },
      });
    for (let i = 0; i < 4; i++) expect((await change(i, `guess-${i}`, `203.0.113.${70 + i}`)).status).toBe(403);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => change(i, `burst-${i}`, `203.0.113.${100 + i}`)),
    );
    expect(tally(burst)).toEqual({ 403: 6, 429: 14 });
    for (let i = 0; i < servers.length; i++) {
      const right = await change(i, user.password, `203.0.113.${130 + i}`);
      expect(right.status).toBe(429);
      expectRetryAfter(right, 900);
    }
  });

  it('never refuse right credentials sent at once across them', async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        send(at(i).url, 'GET', '/api/links', {
          headers: { 'X-API-Key': at(i).adminKey, 'X-Forwarded-For': '198.51.100.50' },
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: BURST });
    // A right credential only looks at its address's limit: nothing of it is written or reserved.
    const database = new pg.Client({ connectionString: place.databaseUrl });
    await database.connect();
    try {
      const written = await database.query(
        "SELECT (SELECT COUNT(*) FROM attempt_limits WHERE key = '198.51.100.50')::int AS limits, " +
          "(SELECT COUNT(*) FROM attempt_reservations WHERE key = '198.51.100.50')::int AS reservations",
      );
      expect(written.rows).toEqual([{ limits: 0, reservations: 0 }]);
    } finally {
      await database.end();
    }
  });
});
