/**
 * `me import` runs its own job, not the service's (docs/api.md#imports), on each store: with the
 * service busy on one import and another team's import queued behind it, the command line's import
 * runs at once and leaves the queued one to the service. Its runner used to take the oldest queued
 * job, another team's, and wait on that team's source before its own import could start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../../redirector/contract/imports';
import { bearer, call } from '../../../helpers/api';
import { runCli } from '../../../helpers/cliProcess';
import { KUTT_KEY, type ShortenerApis, startShortenerApis } from '../../../helpers/shortenerApis';
import { makeTempDir } from '../../../helpers/testServer';
import { adminCall, asTestServer, CLI_STORES, type CliServer, registerUser, waitFor } from './cliServers';

describe.each(CLI_STORES)('me import beside a busy service on $kind', (store) => {
  let server: CliServer;
  let apis: ShortenerApis;

  beforeAll(async () => {
    apis = await startShortenerApis();
    apis.kutt.push({
      id: 'k1',
      address: 'held',
      target: 'https://example.com/held',
      created_at: '2024-01-01T00:00:00.000Z',
      visit_count: 1,
    });
    server = await store.start();
  });
  afterAll(async () => {
    apis?.release();
    await server?.close();
    await apis?.close();
  });

  it('runs its own import and leaves the queued one to the service', async () => {
    const owner = (await registerUser(server, 'ivy@example.com', 'Ivy')).token;
    for (const name of ['Waiting Co', 'Command Co']) {
      const made = await call(asTestServer(server), 'POST', '/api/teams', { headers: bearer(owner), body: { name } });
      expect(made.status).toBe(201);
    }
    // The service runs the administrator's import, which waits on its source; the team's queues behind it.
    apis.held.add('/api/v2/links');
    const kutt = { source: 'kutt', connection: { url: apis.url, api_key: KUTT_KEY } };
    expect((await adminCall(server, 'POST', '/api/imports', kutt)).status).toBe(202);
    await waitFor(async () => apis.waiting.length > 0, 10_000);
    const queued = await adminCall(server, 'POST', '/api/imports?team=waiting-co', kutt);
    expect(queued.status).toBe(202);
    const file = path.join(makeTempDir(), 'links.csv');
    fs.writeFileSync(file, 'Where\nhttps://example.com/mine\n');
    const run = await runCli(
      ['import', 'csv', '--file', file, '--mapping', JSON.stringify({ Where: 'url' }), '--team', 'command-co'],
      server.cliEnv,
    );
    expect([run.code, run.stdout.trim().split('\n').at(-1)]).toEqual([
      0,
      'done: links 1 read, 1 created, 0 skipped, 0 conflicts; clicks 0 read, 0 imported',
    ]);
    const waiting = await adminCall(server, 'GET', `/api/imports?id=${(queued.body.import as ImportJob).id}`);
    expect(waiting.body.import).toMatchObject({ state: 'queued', links: { seen: 0 } });
  }, 90_000);
});
