/**
 * Deleting an account while it writes, on both stores (docs/api.md#answers): a write that loses the
 * race to the deletion answers 404 (or 401 once the session is gone), never a 5xx, and writes no
 * stack trace in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const ROUNDS = 6;
const HUB_LINK_NOT_OWN = 'links[0].link_id is not one of your links';
const WRITES = 40;

describe.each(STORE_SERVERS)('writes racing the deletion of their account ($kind)', ({ start }) => {
  let server: TestServer;
  let logs: CapturedLogs;

  beforeAll(async () => {
    logs = captureLogs();
    server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server.close();
    logs.restore();
  });

  /**
   * Every kind of write an account makes, the i-th of a burst, each from its own address: a call
   * that comes after the deletion is a wrong credential, and the address's limit is not the point.
   */
  function write(token: string, linkId: number, round: number, i: number) {
    const headers = { ...bearer(token), 'X-Forwarded-For': `10.${round}.${i}.1` };
    const as = (method: string, path: string, body: unknown) => call(server, method, path, { headers, body });
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
        return call(server, 'POST', '/api/links/user/import', {
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
    const made = await call(server, 'POST', '/api/users', {
      headers: adminHeaders(server.adminKey),
      body: { name: `Racer ${round}`, email, password },
    });
    expect(made.status).toBe(201);
    const login = await call(server, 'POST', '/api/auth?action=login', { body: { email, password } });
    return { id: made.body.id as number, token: login.body.token as string, password };
  }

  it('answers no write with a 5xx while the account is deleted, with no trace in the log', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await racer(round);
      const link = await call(server, 'POST', '/api/links/create', {
        headers: bearer(user.token),
        body: { short_code: `race-${round}`, target_url: 'https://race.example.com/' },
      });
      expect(link.status).toBe(201);
      const writes = Array.from({ length: WRITES }, (_, i) => write(user.token, link.body.link.id, round, i));
      // The account goes while the writes are under way: by its owner, or by the administrator.
      await new Promise((resolve) => setTimeout(resolve, 5 * (round % 3)));
      const deletion =
        round % 2 === 0
          ? call(server, 'DELETE', '/api/account', { headers: bearer(user.token), body: { password: user.password } })
          : call(server, 'DELETE', `/api/users?id=${user.id}`, { headers: adminHeaders(server.adminKey) });
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
    await server.app.drain();
    expect(logs.errors.filter((line) => / at |frames|unexpected error/.test(line))).toEqual([]);
  });
});
