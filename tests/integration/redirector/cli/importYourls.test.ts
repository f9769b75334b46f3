/**
 * `me import yourls` on each store, beside the running service (docs/api.md#imports): the links and
 * clicks of a YOURLS database on the real MariaDB come in, the progress is printed a line at a time
 * when the output is not a terminal, the rows left out are listed, and the connection's password
 * is never printed.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/cliProcess';
import { yourlsSuite } from '../../../helpers/startedForSuite';
import type { YourlsDatabase } from '../../../helpers/yourlsDatabase';
import { adminCall, CLI_STORES, type CliServer } from './cliServers';

describe.each(CLI_STORES)('me import yourls on $kind', (store) => {
  let server: CliServer;
  let yourls: YourlsDatabase;

  yourlsSuite(store.start, (p) => ({ yourls, server } = p));

  it('imports the links and clicks, lists what it left out, and prints no password', async () => {
    const url = await yourls.readerUrl('s3cret-pw');
    const dry = await runCli(['import', 'yourls', '--dry-run'], { ...server.cliEnv, ME_IMPORT_DATABASE_URL: url });
    expect(dry.stdout).toContain(
      '[dry run] done: links 6 read, 4 created, 2 skipped, 0 conflicts; clicks 8 read, 6 imported',
    );
    const run = await runCli(['import', 'yourls'], { ...server.cliEnv, ME_IMPORT_DATABASE_URL: url });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('done: links 6 read, 4 created, 2 skipped, 0 conflicts; clicks 8 read, 6 imported');
    expect(lines.filter((line) => /^(api|a\.b): /.test(line))).toHaveLength(2);
    expect(run.stdout + dry.stdout).not.toContain('s3cret-pw');
    const links = await adminCall(server, 'GET', '/api/links?per_page=200');
    expect(links.body.map((link: { short_code: string }) => link.short_code).sort()).toEqual([
      'Docs',
      'blog',
      'home',
      'taken',
    ]);
    const again = await runCli(['import', 'yourls'], { ...server.cliEnv, ME_IMPORT_DATABASE_URL: url });
    expect(again.stdout.trim().split('\n').at(-1)).toBe(
      'done: links 6 read, 0 created, 6 skipped, 0 conflicts; clicks 0 read, 0 imported',
    );
  });
});
