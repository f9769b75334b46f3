/**
 * Two instances on one PostgreSQL database never check one link at once (docs/api.md#link-health):
 * a check holds the link's lease in the database. Both check the same link at the same moment; the
 * destination sees one request and one instance answers that another holds the link. The same on
 * one SQLite instance asked twice at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, call } from '../../../helpers/api';
import { closeNow } from '../../../helpers/closeNow';
import { twoServersOnOneSchema } from '../../../helpers/postgres';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

let destination: http.Server;
let url = '';
let requests = 0;

beforeAll(async () => {
  destination = http.createServer((_req, res) => {
    requests += 1;
    setTimeout(() => res.writeHead(200).end(), 300);
  });
  await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(destination.address() as AddressInfo).port}/slowish`;
});
afterAll(async () => {
  await closeNow(destination);
});

async function newLink(server: { url: string; adminKey: string }): Promise<number> {
  const created = await call(server as TestServer, 'POST', '/api/links', {
    headers: adminHeaders(server.adminKey),
    body: { target_url: url },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

describe('link check leases on PostgreSQL', () => {
  const instances = twoServersOnOneSchema({ OUTBOUND_ALLOW_PRIVATE: '1' });

  it('lets one instance check a link while the other leaves it', async () => {
    const { a: first, b: second } = instances;
    const id = await newLink(first);
    requests = 0;
    const outcomes = await Promise.all([
      first.app.services.linkChecks.check(id),
      second.app.services.linkChecks.check(id),
    ]);
    expect(outcomes.sort()).toEqual([false, true]);
    expect(requests).toBe(1);
    // The lease is given back: the next check runs.
    expect(await second.app.services.linkChecks.check(id)).toBe(true);
    expect(requests).toBe(2);
  });
});

describe('link check leases on SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { OUTBOUND_ALLOW_PRIVATE: '1' } });
  });
  afterAll(() => server.close());

  it('checks a link asked twice at once only once', async () => {
    const id = await newLink(server);
    requests = 0;
    const checks = server.app.services.linkChecks;
    expect((await Promise.all([checks.check(id), checks.check(id)])).sort()).toEqual([false, true]);
    expect(requests).toBe(1);
  });
});
