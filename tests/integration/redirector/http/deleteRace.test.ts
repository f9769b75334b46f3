/**
 * Deleting an account while it writes, on both stores and across two PostgreSQL instances
 * (docs/api.md#answers): a write that loses the race to the deletion answers 404 (or 401 once the
 * session is gone), never a 5xx, and writes no stack trace in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import { NO_LINK_CHECKS, type TestServer } from '../../../helpers/testServer';
import { type DataPlace, newDataPlace, type RunningServer, type StoreKind, startServerOn } from './hardeningHelpers';

const ROUNDS = 6;
const WRITES = 40;
const HUB_LINK_NOT_OWN = 'links[0].link_id is not one of your links';

const SETUPS: { name: string; kind: StoreKind; instances: number }[] = [
  { name: 'sqlite', kind: 'sqlite', instances: 1 },
  { name: 'postgres', kind: 'postgres', instances: 1 },
  { name: 'two postgres instances', kind: 'postgres', instances: 2 },
];

describe.each(SETUPS)('writes racing the deletion of their account ($name)', ({ kind, instances }) => {
  let place: DataPlace;
  let servers: RunningServer[] = [];
  let logs: CapturedLogs;
  /** The i-th call's instance; the deletion goes to the last one. */
  const at = (i: number) => servers[i % servers.length] as unknown as TestServer;
  const last = () => at(servers.length - 1);

  beforeAll(async () => {
    logs = captureLogs();
    place = await newDataPlace(kind);
    const env = { ...NO_LINK_CHECKS, OUTBOUND_ALLOW_PRIVATE: '1', TRUST_PROXY: '1' };
    for (let i = 0; i < instances; i++) servers.push(await startServerOn(place, { env }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
    await place?.drop();
    logs.restore();
  });

  /**
   * Every kind of write an account makes, the i-th of a burst, each from its own address: a call
   * that comes after the deletion is a wrong credential, and the address's limit is not the point.
   */
  function write(token: string, linkId: number, round: number, i: number) {
    const headers = { ...bearer(token), 'X-Forwarded-For': `10.${round}.${i}.1` };
    const as = (method: string, path: string, body: unknown) => call(at(i), method, path, { headers, body });
    const code = `race-${round}-${i}`;
    switch (i % 8) {
      case 0:
        return as('POST', '/api/links/create', {
          short_code: code,
          target_url: 'https://race.example.com/',
          tags: ['t'],
        });
      case 1:
        return as('POST', '/api/webhooks', { url: `http://127.0.0.1:9/${code}`, events: ['link.created'] });
      case 2:
        return as('POST', '/api/keys', { name: code });
      case 3:
        return as('PUT', '/api/hub', { handle: `hub-${round}-${i}`, title: 'Race', links: [{ link_id: linkId }] });
      case 4:
        return as('POST', '/api/user/domain', { domain: `go-${round}-${i}.race.example` });
      case 5:
        return as('PUT', `/api/links/update?linkId=${linkId}`, { tags: [`tag-${i}`] });
      case 6:
        return call(at(i), 'POST', '/api/links/user/import', {
          headers: { ...headers, 'Content-Type': 'text/csv' },
          rawBody: `short_code,target_url\n${code},https://race.example.com/${i}\n`,
        });
      default:
        return as('POST', '/api/links/create', { target_url: `https://race.example.com/${code}` });
    }
  }

  /** An account made by the administrator (no registration limit), signed in. */
  async function racer(round: number) {
    const email = `racer-${round}@example.com`;
    const password = `racer-${round}-pw`;
    const made = await call(at(0), 'POST', '/api/users', {
      headers: adminHeaders(at(0).adminKey),
      body: { name: `Racer ${round}`, email, password },
    });
    expect(made.status).toBe(201);
    const login = await call(at(0), 'POST', '/api/auth?action=login', { body: { email, password } });
    return { id: made.body.id as number, token: login.body.token as string, password };
  }

  it('answers no write with a 5xx while the account is deleted, with no trace in the log', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await racer(round);
      const link = await call(at(0), 'POST', '/api/links/create', {
        headers: bearer(user.token),
        body: { short_code: `race-${round}`, target_url: 'https://race.example.com/' },
      });
      expect(link.status).toBe(201);
      const writes = Array.from({ length: WRITES }, (_, i) => write(user.token, link.body.link.id, round, i));
      // The account goes while the writes are under way: by its owner, or by the administrator.
      await new Promise((resolve) => setTimeout(resolve, 5 * (round % 3)));
      const deletion =
        round % 2 === 0
          ? call(last(), 'DELETE', '/api/account', { headers: bearer(user.token), body: { password: user.password } })
          : call(last(), 'DELETE', `/api/users?id=${user.id}`, { headers: adminHeaders(last().adminKey) });
      const answers = await Promise.all([deletion, ...writes]);
      expect([200, 204]).toContain(answers[0]!.status);
      for (const [i, answer] of answers.slice(1).entries()) {
        const seen = `${answer.status} ${JSON.stringify(answer.body)}`;
        expect([200, 201, 400, 401, 404, 409], seen).toContain(answer.status);
        // A hub naming a link deleted with the account: the hub's own answer for a link not the caller's.
        if (answer.status === 400) expect([i % 8, answer.body.error], seen).toEqual([3, HUB_LINK_NOT_OWN]);
        // The write's own refusal (storage/errors.ts DELETED_MEANWHILE), or a read after it that finds nothing.
        if (answer.status === 404) expect(answer.body.error, seen).toEqual(expect.any(String));
      }
    }
    for (const server of servers) await server.app.drain();
    expect(logs.errors.filter((line) => / at |frames|unexpected error/.test(line))).toEqual([]);
  });
});
