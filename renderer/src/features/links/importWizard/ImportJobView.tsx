/**
 * One import job while it runs and once it has ended (docs/api.md#imports): its state, a progress
 * bar over the links read (out of the dry run's count when the job follows one, else without an
 * end until the job has ended), Cancel, then the figures and the rows left out or changed.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportJob } from '../../../../../redirector/contract/imports';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { RefusedRowsTable } from '../RefusedRowsTable';
import { useImportJob } from './useImportJob';

export interface ImportJobViewProps {
  started: ImportJob;
  /** Links the job is expected to read (the dry run's count), when known. */
  expected: number | undefined;
  onEnded: (job: ImportJob) => void;
  /** The buttons once the job has ended. */
  endActions: (job: ImportJob) => ReactNode;
}

export function ImportJobView({ started, expected, onEnded, endActions }: ImportJobViewProps) {
  const { t } = useTranslation();
  const { job, ended, cancel, cancelling, pollError } = useImportJob(started, t('imports.cancelFailed'), onEnded);
  const seen = job.links.seen;
  const state = t(`imports.states.${job.state}`);
  // An end is known from a dry run; once the job has ended, whatever it read is the whole.
  const max = ended ? Math.max(seen, 1) : expected !== undefined ? Math.max(expected, seen, 1) : undefined;
  return (
    <div className="stack">
      <p role="status" className="import-job__state">
        <strong>{job.dry_run ? t('imports.dryRunState', { state }) : state}</strong>
        {' · '}
        {expected !== undefined && !ended
          ? t('imports.readOf', { seen, total: expected })
          : t('imports.read', { count: seen })}
      </p>
      <progress
        className="import-job__progress"
        aria-label={t('imports.progress')}
        max={max}
        value={max === undefined ? undefined : ended ? max : seen}
      />
      {pollError ? <Banner tone="error">{t('imports.readFailed')}</Banner> : null}
      {cancelling.error ? <Banner tone="error">{cancelling.error}</Banner> : null}
      <ImportCounts job={job} />
      {ended ? <ImportProblems job={job} /> : null}
      <div className="import-wizard__actions">
        {ended ? (
          endActions(job)
        ) : (
          <Button variant="danger-outline" icon="ban" loading={cancelling.busy} onClick={() => void cancel()}>
            {cancelling.busy ? t('imports.cancelling') : t('imports.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}

function ImportCounts({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const groups = [
    ['links', ['seen', 'created', 'updated', 'skipped', 'conflicts'], job.links],
    ['clicks', ['seen', 'imported'], job.clicks],
  ] as const;
  return (
    <div className="import-counts">
      {groups.map(([group, names, figures]) => (
        <div key={group} className="import-counts__group">
          <h3 className="import-wizard__heading">{t(`imports.counts.${group}`)}</h3>
          <dl>
            {names.map((name) => (
              <div key={name} className="import-counts__item">
                <dt>{t(`imports.counts.${name}`)}</dt>
                <dd className="num">{(figures as Record<string, number>)[name]}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

function ImportProblems({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  if (job.errors.length === 0) return <p className="muted">{t('imports.problems.none')}</p>;
  return (
    <RefusedRowsTable
      caption={<caption className="import-wizard__heading">{t('imports.problems.title')}</caption>}
      columns={[{ label: t('imports.problems.ref'), kind: 'code' }]}
      reasonLabel={t('imports.problems.message')}
      // The job's list, in its order, never edited: its index is the row's key.
      rows={job.errors.map((problem, index) => ({
        key: index,
        names: [refText(job, problem.ref, t)],
        reason: problem.message,
      }))}
    />
  );
}

/**
 * A row's source id in the UI's language: the API words a CSV row `line 3` and a YOURLS click
 * `click 42` (docs/api.md#imports); any other id (a keyword, a Kutt id, a bitlink) is data, as it came.
 */
function refText(job: ImportJob, ref: string, t: TFunction): string {
  const line = job.source === 'csv' ? /^line (\d+)$/.exec(ref) : null;
  if (line) return t('imports.problems.lineRef', { line: line[1] });
  const click = job.source === 'yourls' ? /^click (\S+)$/.exec(ref) : null;
  return click ? t('imports.problems.clickRef', { id: click[1] }) : ref;
}
