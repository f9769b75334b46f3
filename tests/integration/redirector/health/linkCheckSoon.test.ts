/**
 * The checks of links just created are taken in turns per account (docs/api.md#link-health), on
 * both stores: an import of many links starts two of their checks, not one per link at once (on
 * PostgreSQL 10,000 at once, each holding its link's lease and reading the database while it
 * waited, emptied the connection pool: other calls answered 503 and the log filled with failed
 * checks). The others wait in order and every link is checked in the end.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { until, waitUntil } from '../../../helpers/polling';
import { STORE_SERVERS } from '../http/bothStores';

const LINKS = 30;

describe.each(STORE_SERVERS)('checks of new links in turns ($kind)', ({ start }) => {
  let server: Awaited<ReturnType<typeof start>>;
  let destination: http.Server;
  let url = '';
  const held: (() => void)[] = [];
  let holding = true;
  let requests = 0;

  beforeAll(async () => {
    destination = http.createServer((_req, res) => {
      requests += 1;
      const answer = () => res.writeHead(200).end();
      if (holding) held.push(answer);
      else answer();
    });
    await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(destination.address() as AddressInfo).port}`;
    server = await start({ OUTBOUND_ALLOW_PRIVATE: '1', LINK_CHECK_HOURS: '24', LINK_CHECK_HOST_MS: '1' });
  });
  afterAll(async () => {
    holding = false;
    for (const answer of held.splice(0)) answer();
    await server?.close();
    await closeNow(destination);
  });

  it("holds two of an import's checks under way, then checks every link", async () => {
    const user = await newUser(server, 'Importer');
    const rows = Array.from({ length: LINKS }, (_, n) => `${url}/page-${n}`).join('\n');
    const imported = await call(server, 'POST', '/api/links/user/import', {
      headers: { ...bearer(user.token), 'Content-Type': 'text/csv' },
      rawBody: `target_url\n${rows}\n`,
    });
    expect([imported.status, imported.body.created]).toEqual([200, LINKS]);
    await waitUntil('the first check request', () => requests >= 1);
    // Links whose check holds no lease (never checked, not leased now): all but the two under way.
    const notLeased = async () => (await server.store.linkHealth.due(Date.now() + 1, Date.now(), 1000, 1000)).length;
    expect(await until(notLeased, (count) => count < LINKS - 2, 500)).toBe(LINKS - 2);
    holding = false;
    for (const answer of held.splice(0)) answer();
    const ok = await until(
      async () =>
        (await call(server, 'GET', '/api/links/user?health=ok&per_page=100', { headers: bearer(user.token) })).body
          .links.length,
      (count: number) => count === LINKS,
      30_000,
    );
    expect(ok).toBe(LINKS);
  });
});
