/**
 * A dry run answers what the import itself does (docs/api.md#imports), on both stores: the rules a
 * create checks beyond the row itself (a destination on this service, a code an earlier row of the
 * same import takes, the link limit) count the same in both. A dry run used to count a link to
 * this service and a file's second row with a code as created, and to finish "done" where the real
 * import fails at the link limit; and a real import listed a code taken by an earlier row of its own
 * as "already taken" without the suffix `on_conflict: "suffix"` asks for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../../redirector/contract/imports';
import { bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { importWhen } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

const figures = (job: ImportJob) => ({ state: job.state, links: job.links, errors: job.errors });

describe.each(STORE_SERVERS)('a dry run of an import on $kind', (store) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await store.start({ MAX_LINKS_PER_TEAM: '4', PUBLIC_URL: 'https://me.example' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function csvJob(token: string, csv: string, dryRun: boolean): Promise<ImportJob> {
    const query = new URLSearchParams({
      mapping: JSON.stringify(
        csv.startsWith('Address,Code') ? { Address: 'url', Code: 'short_code' } : { Address: 'url' },
      ),
      on_conflict: 'suffix',
      dry_run: String(dryRun),
    });
    const response = await fetch(`${server.url}/api/imports/csv?${query}`, {
      method: 'POST',
      headers: { ...bearer(token), 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(202);
    return importWhen(server, ((await response.json()) as { import: ImportJob }).import.id);
  }

  it('counts a link to this service and a code an earlier row takes as the import does', async () => {
    const ada = await newUser(server, 'Ada');
    const csv = [
      'Address,Code',
      'https://example.com/1,twice',
      'https://example.com/2,twice',
      'https://me.example/elsewhere,loop',
    ].join('\r\n');
    const dry = await csvJob(ada.token, csv, true);
    const real = await csvJob(ada.token, csv, false);
    expect(figures(dry)).toEqual(figures(real));
    expect(real.links).toMatchObject({ seen: 3, created: 2, skipped: 1, conflicts: 1 });
    expect(real.errors.map((problem) => problem.message)).toContain(
      'The short code is taken by another link: imported as twice-2',
    );
    const links = await call<{ links: { short_code: string }[] }>(server, 'GET', '/api/links/user', {
      headers: bearer(ada.token),
    });
    expect(links.body.links.map((link) => link.short_code).sort()).toEqual(['twice', 'twice-2']);
  });

  it('fails at the link limit as the import does', async () => {
    const bo = await newUser(server, 'Bo');
    const csv = ['Address', ...[1, 2, 3, 4, 5].map((n) => `https://example.com/${n}`)].join('\r\n');
    const dry = await csvJob(bo.token, csv, true);
    const real = await csvJob(bo.token, csv, false);
    expect(dry.state).toBe('failed');
    expect(figures(dry)).toEqual(figures(real));
    expect(real.errors.at(-1)?.message).toMatch(/^Link limit reached/);
  });
});
