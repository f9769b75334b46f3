/**
 * `me links export` and `me links import` on each store, beside the running service: the export is
 * the API's, an export imported into another database gives the same links, refused rows are
 * reported with their line (exit 1), and imported links redirect on the running service within seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CSV_COLUMNS } from '../../../../redirector/contract/lists';
import { adminHeaders, call } from '../../../helpers/api';
import { runCli } from '../../../helpers/cliProcess';
import {
  adminCall,
  asTestServer,
  CLI_STORES,
  type CliServer,
  redirectStatus,
  registerUser,
  waitFor,
} from './cliServers';

/** The columns an import reads back (counts and creation times are the new database's own). */
const KEPT = LINK_CSV_COLUMNS.filter((column) => !['clicks', 'unique_visitors', 'created_at'].includes(column));

function keptColumns(csv: string): string[] {
  const [header, ...rows] = csv.trim().split('\r\n');
  const columns = header!.split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    return KEPT.map((column) => cells[columns.indexOf(column)]).join(',');
  });
}

describe.each(CLI_STORES)('me links on $kind', (store) => {
  let source: CliServer;
  let target: CliServer;

  beforeAll(async () => {
    [source, target] = await Promise.all([store.start(), store.start()]);
    const links = [
      { target_url: 'https://example.com/a', short_code: 'x-a', title: 'A', tags: ['news', 'promo'] },
      { target_url: 'https://example.com/b', short_code: 'x-b', enable_tiktok_bypass: true },
      {
        target_url: 'https://example.com/c',
        short_code: 'x-c',
        enable_country_redirect: true,
        country_redirect_url: 'https://example.com/lite',
      },
    ];
    for (const link of links) expect((await adminCall(source, 'POST', '/api/links', link)).status).toBe(201);
    await registerUser(target, 'ann@example.com');
  });

  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  });

  it('exports what the API exports, and imports it into another database', async () => {
    const exported = await runCli(['links', 'export'], source.cliEnv);
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    const api = await call(asTestServer(source), 'GET', '/api/links/export', {
      headers: adminHeaders(source.adminKey),
    });
    expect(exported.stdout).toBe(api.body);
    expect(keptColumns(exported.stdout)).toHaveLength(3);

    // A code asked for before the import is remembered as unknown by the service's cache.
    expect(await redirectStatus(target, 'x-a')).toBe(404);
    const imported = await runCli(['links', 'import', '--user', 'ann@example.com', '-'], target.cliEnv, {
      stdin: exported.stdout,
    });
    expect([imported.code, imported.stdout, imported.stderr]).toEqual([0, 'created 3 links\n', '']);
    const again = await runCli(['links', 'export', '--user', 'ann@example.com'], target.cliEnv);
    expect(keptColumns(again.stdout)).toEqual(keptColumns(exported.stdout));
    // SQLite: within the second it takes the service to notice another process's commit.
    expect(await waitFor(async () => (await redirectStatus(target, 'x-a')) === 302)).toBeLessThan(3000);
  });

  it('reports each refused row with its line and exits 1; the good rows are created', async () => {
    const csv = [
      'short_code,target_url,title',
      'ok-1,https://example.com/1,one',
      'x-a,https://example.com/2,taken',
      'bad-url,notaurl,bad',
      ',https://example.com/3,random code',
    ].join('\n');
    const run = await runCli(['links', 'import', '-'], target.cliEnv, { stdin: csv });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      [
        'created 2 links',
        'line 3 (x-a): This short code is already taken',
        'line 4 (bad-url): Please enter a valid URL',
        '2 rows refused',
        '',
      ].join('\n'),
    );
    expect(await redirectStatus(target, 'ok-1')).toBe(302);
    const all = await runCli(['links', 'export'], target.cliEnv);
    expect(all.stdout.trim().split('\r\n')).toHaveLength(1 + 5);
  });
});
