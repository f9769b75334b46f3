/**
 * A job made in a team answers as it was stored, on both stores, even when the team is deleted (on
 * another instance) the moment the insert commits: its row goes with the team, and the call that made
 * it answered 500 (a read after the commit found nothing) where it should answer the job. And an
 * instance whose lease was taken never writes the job again, however many claims came after its own:
 * leases were told apart by a residue of their milliseconds, so one claim in 999 made after the
 * one that took the job gave the first instance its lease back (docs/api.md#jobs-across-restarts).
 */
import { describe, expect, it } from 'vitest';
import { storedOwnerScope } from '../../../../../redirector/auth/scope';
import type { Executor } from '../../../../../redirector/storage/executor';
import { createImportRepository } from '../../../../../redirector/storage/repositories/importRepository';
import type { Store } from '../../../../../redirector/storage/store';
import { countedExecutor } from '../../../../helpers/countedExecutor';
import { openForEachTest, STORE_KINDS } from '../storeKinds';

const NEW_JOB = {
  source: 'csv',
  source_key: 'csv:leases',
  dry_run: false,
  options: { on_conflict: 'skip' },
  connection: { csv: 'url\nhttps://example.com/\n' },
  progress: {
    links: { seen: 0, created: 0, updated: 0, skipped: 0, conflicts: 0 },
    clicks: { seen: 0, imported: 0 },
  },
} as const;

/**
 * Claims after the first instance's. A residue of 1,000 gave the lease back within 4,000 claims 98
 * times in 100; PostgreSQL's round trips make its run shorter (the same statements).
 */
const LATER_CLAIMS = { sqlite: 4000, postgres: 150 };

describe.each(STORE_KINDS)('the claims of an import job on $kind', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('never gives a lease that was taken back to its first instance', async () => {
    const { executor: db } = countedExecutor(store);
    const first = createImportRepository(db);
    const job = await first.create(storedOwnerScope({ team_id: null, user_id: null }), {
      ...NEW_JOB,
      created_at: 1,
    });
    expect(await first.claim(2, 60_002, job.id)).toMatchObject({ id: job.id, state: 'running' });
    for (let claim = 1; claim <= LATER_CLAIMS[kind.kind]; claim++) {
      // Its lease ran out, and another instance (a repository of its own) took the job.
      await db.run('UPDATE import_jobs SET lease_until = 0 WHERE id = ?', [job.id]);
      expect(await createImportRepository(db).claim(3, 60_003, job.id)).toBeDefined();
      if (await first.renew(job.id, 60_004)) throw new Error(`the ${claim}th later claim gave the lease back`);
    }
    const step = { progress: NEW_JOB.progress, errors: [], checkpoint: { at: 'first' }, leaseUntil: 60_005 };
    expect(await first.save(job.id, step)).toBe(false);
    await first.finish(job.id, 'failed', step, 6);
    expect(await first.get(storedOwnerScope({ team_id: null, user_id: null }), job.id)).toMatchObject({
      state: 'running',
    });
  });
});

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
      ...NEW_JOB,
      source_key: 'csv:racing',
      created_at: Date.now(),
    });
    expect(job).toMatchObject({ team_id: teamId, source: 'csv', state: 'queued', dry_run: false });
    expect(await inner.get('SELECT id FROM import_jobs WHERE id = ?', [job.id])).toBeUndefined();
  });
});
