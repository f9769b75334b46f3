/**
 * "Import from…" in the links screen: opens the import wizard. A job of the caller's still queued or
 * running when the screen loads (a reload in the middle of an import) opens it at once, on that
 * job's progress bar.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportCalls } from '../../../api/imports';
import { Button } from '../../../components/Button';
import { ImportWizard, type ShownJob } from './ImportWizard';
import { ENDED_STATES, expectedLinks } from './importDraft';

export function ImportButton({ reloads }: { reloads: readonly (() => void)[] }) {
  const { t } = useTranslation();
  const calls = useImportCalls();
  const [open, setOpen] = useState<{ resume?: ShownJob } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    calls.list(controller.signal).then(
      (jobs) => {
        const at = jobs.findIndex((job) => !ENDED_STATES.has(job.state));
        const job = jobs[at];
        if (job) setOpen({ resume: { job, expected: expectedLinks(job, jobs[at + 1]) } });
      },
      // Nothing to resume is the usual case; a failure to list is no reason to say anything here.
      () => undefined,
    );
    return () => controller.abort();
  }, [calls]);

  return (
    <>
      <Button icon="upload" onClick={() => setOpen({})}>
        {t('imports.open')}
      </Button>
      {open ? (
        <ImportWizard
          resume={open.resume}
          onClose={() => setOpen(null)}
          onImported={() => {
            for (const reload of reloads) reload();
          }}
        />
      ) : null}
    </>
  );
}
