/**
 * `me import <source> --team <slug>` on each store, beside the running service (docs/api.md#imports):
 * a Kutt instance (served on loopback as its API documentation says) and a CSV file with a mapping
 * come into a shared team, the progress is printed a line at a time when the output is not a
 * terminal, and the API key is never printed; the operator's import into a team may read a source on
 * this network, a member's may not (without OUTBOUND_ALLOW_PRIVATE).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, inTeam } from '../../../helpers/api';
import { runCli } from '../../../helpers/cliProcess';
import { KUTT_KEY, type ShortenerApis, startShortenerApis } from '../../../helpers/shortenerApis';
import { makeTempDir } from '../../../helpers/testServer';
import { asTestServer, CLI_STORES, type CliServer, registerUser } from './cliServers';

describe.each(CLI_STORES)('me import --team on $kind', (store) => {
  let server: CliServer;
  let apis: ShortenerApis;
  let owner: string;

  beforeAll(async () => {
    apis = await startShortenerApis();
    apis.kutt.push({
      id: 'k1',
      address: 'home',
      target: 'https://example.com/home',
      created_at: '2024-01-01T00:00:00.000Z',
      visit_count: 7,
    });
    server = await store.start();
    owner = (await registerUser(server, 'olga@example.com', 'Olga')).token;
    const made = await call(asTestServer(server), 'POST', '/api/teams', {
      headers: bearer(owner),
      body: { name: 'Acme News' },
    });
    expect(made.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    await apis?.close();
  });

  const teamCodes = async () => {
    const listed = await call(asTestServer(server), 'GET', '/api/links/user', {
      headers: inTeam(owner, 'acme-news'),
    });
    return (listed.body.links as { short_code: string; imported_clicks: number }[]).map(
      (link) => `${link.short_code}:${link.imported_clicks}`,
    );
  };

  it('imports a Kutt instance and a mapped CSV file into the team, printing no key', async () => {
    // A member's import may not read a source on this network; the operator's, on the command line, may.
    const refused = await call(asTestServer(server), 'POST', '/api/imports', {
      headers: inTeam(owner, 'acme-news'),
      body: { source: 'kutt', connection: { url: apis.url, api_key: KUTT_KEY } },
    });
    expect([refused.status, refused.body.error]).toEqual([400, expect.stringMatching(/loopback, private/)]);
    const env = { ...server.cliEnv, ME_IMPORT_API_KEY: KUTT_KEY };
    const kutt = await runCli(['import', 'kutt', '--url', apis.url, '--team', 'acme-news'], env);
    expect([kutt.code, kutt.stderr]).toEqual([0, '']);
    expect(kutt.stdout.trim().split('\n').at(-1)).toBe(
      'done: links 1 read, 1 created, 0 skipped, 0 conflicts; clicks 0 read, 0 imported',
    );
    expect(kutt.stdout).not.toContain(KUTT_KEY);
    const file = path.join(makeTempDir(), 'links.csv');
    fs.writeFileSync(file, 'Where,Code\nhttps://example.com/csv,from-csv\n');
    const mapping = JSON.stringify({ Where: 'url', Code: 'short_code' });
    const csv = await runCli(['import', 'csv', '--file', file, '--mapping', mapping, '--team', 'acme-news'], env);
    expect([csv.code, csv.stdout.trim().split('\n').at(-1)]).toEqual([
      0,
      'done: links 1 read, 1 created, 0 skipped, 0 conflicts; clicks 0 read, 0 imported',
    ]);
    expect((await teamCodes()).sort()).toEqual(['from-csv:0', 'home:7']);
    // Four runs of the command line, each starting its services.
  }, 120_000);
});
