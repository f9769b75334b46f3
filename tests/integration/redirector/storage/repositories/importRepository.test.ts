/**
 * A job made in a team answers as it was stored, on both stores, even when the team is deleted (on
 * another instance) the moment the insert commits: its row goes with the team, and the call that made
 * it answered 500 (a read after the commit found nothing) where it should answer the job.
 */
import { describe, expect, it } from 'vitest';
import { storedOwnerScope } from '../../../../../redirector/auth/scope';
import type { Executor } from '../../../../../redirector/storage/executor';
import { createImportRepository } from '../../../../../redirector/storage/repositories/importRepository';
import type { Store } from '../../../../../redirector/storage/store';
import { countedExecutor } from '../../../../helpers/countedExecutor';
import { openForEachTest, STORE_KINDS } from '../storeKinds';

describe.each(STORE_KINDS)('an import job made as its team goes on $kind', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('answers the job it stored, not a read after the commit', async () => {
    const { executor: inner } = countedExecutor(store);
    const team = await inner.get<{ id: number }>(
      'INSERT INTO teams (name, slug, created_at) VALUES (?, ?, ?) RETURNING id',
      ['Going', 'going', Date.now()],
    );
    const teamId = Number(team!.id);
    // The team's deletion lands right after the job's transaction commits.
    const racing: Executor = {
      ...inner,
      async transaction(work) {
        const result = await inner.transaction(work);
        await inner.run('DELETE FROM teams WHERE id = ?', [teamId]);
        return result;
      },
    };
    const scope = storedOwnerScope({ team_id: teamId, user_id: null });
    const job = await createImportRepository(racing).create(scope, {
      source: 'csv',
      source_key: 'csv:racing',
      dry_run: false,
      options: { on_conflict: 'skip' },
      connection: { csv: 'url\nhttps://example.com/\n' },
      progress: {
        links: { seen: 0, created: 0, updated: 0, skipped: 0, conflicts: 0 },
        clicks: { seen: 0, imported: 0 },
      },
      created_at: Date.now(),
    });
    expect(job).toMatchObject({ team_id: teamId, source: 'csv', state: 'queued', dry_run: false });
    expect(await inner.get('SELECT id FROM import_jobs WHERE id = ?', [job.id])).toBeUndefined();
  });
});
