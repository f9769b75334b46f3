/**
 * The links screen's import wizard (docs/api.md#the-import-wizard): the source, its connection or
 * the CSV file with its mapping, a dry run's summary, then the import with its progress bar, Cancel,
 * and the report. The connection lives in this dialog's memory only, and is dropped once the import
 * starts or the dialog closes.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportJob } from '../../../../../redirector/contract/imports';
import { useImportCalls } from '../../../api/imports';
import { useBusyCall } from '../../../api/useBusyCall';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ImportConnectionStep } from './ImportConnectionStep';
import { ImportJobView } from './ImportJobView';
import { ImportSourceStep } from './ImportSourceStep';
import { connectionOf, csvMapping, emptyDraft, type ImportDraft, missingPart } from './importDraft';
import './ImportWizard.css';

export interface ShownJob {
  job: ImportJob;
  expected?: number;
}

type View = { kind: 'source' } | { kind: 'connection' } | ({ kind: 'job' } & ShownJob);

export interface ImportWizardProps {
  /** A job already queued or running (found when the screen loaded): shown at once. */
  resume?: ShownJob;
  onClose: () => void;
  /** An import ended having created or updated links: the list loads again. */
  onImported: () => void;
}

const MISSING_TEXT = {
  file: 'imports.missingFile',
  url: 'imports.mapping.needsUrl',
  field: 'imports.missingField',
} as const;

export function ImportWizard({ resume, onClose, onImported }: ImportWizardProps) {
  const { t } = useTranslation();
  const calls = useImportCalls();
  const [draft, setDraft] = useState<ImportDraft>(() => emptyDraft('csv'));
  const [view, setView] = useState<View>(resume ? { kind: 'job', ...resume } : { kind: 'source' });
  const [missingShown, setMissingShown] = useState(false);
  const starting = useBusyCall(t('imports.startFailed'));
  const change = (part: Partial<ImportDraft>) => setDraft((previous) => ({ ...previous, ...part }));
  const missing = missingPart(draft);

  const send = (dryRun: boolean, expected?: number) => {
    if (missing) {
      setMissingShown(true);
      setView({ kind: 'connection' });
      return;
    }
    return starting.run(async () => {
      const how = { dryRun, onConflict: draft.onConflict };
      const job =
        draft.source === 'csv' && draft.csv
          ? await calls.startCsv(draft.csv.text, csvMapping(draft.csv), how)
          : await calls.start(draft.source as Exclude<typeof draft.source, 'csv'>, connectionOf(draft), how);
      // Sent for real: the wizard forgets the connection (and the file) at once.
      if (!dryRun) setDraft(emptyDraft(draft.source));
      setView({ kind: 'job', job, expected });
    });
  };

  const endActions = (job: ImportJob) =>
    job.dry_run && job.state === 'done' && !missing ? (
      <>
        <Button onClick={() => setView({ kind: 'connection' })}>{t('imports.back')}</Button>
        <Button variant="primary" loading={starting.busy} onClick={() => void send(false, job.links.seen)}>
          {t('imports.start')}
        </Button>
      </>
    ) : (
      <>
        <Button onClick={() => setView({ kind: 'source' })}>{t('imports.newImport')}</Button>
        <Button variant="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </>
    );

  const footer =
    view.kind === 'source' ? (
      <Button variant="primary" icon="arrowRight" onClick={() => setView({ kind: 'connection' })}>
        {t('imports.next')}
      </Button>
    ) : view.kind === 'connection' ? (
      <>
        <Button icon="arrowLeft" onClick={() => setView({ kind: 'source' })}>
          {t('imports.back')}
        </Button>
        <Button loading={starting.busy} onClick={() => void send(true)}>
          {t('imports.dryRun')}
        </Button>
        <Button variant="primary" loading={starting.busy} onClick={() => void send(false)}>
          {t('imports.start')}
        </Button>
      </>
    ) : undefined;

  return (
    <Dialog open wide onClose={onClose} title={t('imports.title')} footer={footer}>
      {starting.error ? <Banner tone="error">{starting.error}</Banner> : null}
      {view.kind === 'source' ? (
        <ImportSourceStep
          value={draft.source}
          onChange={(source) => {
            setMissingShown(false);
            setDraft(emptyDraft(source));
          }}
        />
      ) : view.kind === 'connection' ? (
        <div className="stack">
          <p className="muted">{t('imports.dryRunHint')}</p>
          {missingShown && missing ? <Banner tone="warning">{t(MISSING_TEXT[missing])}</Banner> : null}
          <ImportConnectionStep draft={draft} onChange={change} />
        </div>
      ) : (
        <ImportJobView
          key={view.job.id}
          started={view.job}
          expected={view.expected}
          onEnded={(job) => {
            if (!job.dry_run && job.links.created + job.links.updated > 0) onImported();
          }}
          endActions={endActions}
        />
      )}
    </Dialog>
  );
}
