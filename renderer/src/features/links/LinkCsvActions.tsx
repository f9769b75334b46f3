/**
 * Export and Import of links as CSV (docs/api.md#links): Export saves `links.csv`; Import sends a
 * chosen .csv file and shows what was created and every row that was not, with its line and reason.
 * A failure of either shows in the same dialog.
 */
import { useRef, useState } from 'react';
import type { ImportResult } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { saveFile } from '../../components/saveFile';
import { linkCsvTexts } from './linkCsvTexts';
import { RefusedRowsTable } from './RefusedRowsTable';

export interface LinkCsvActionsProps {
  /** The admin's or the user's export and import calls. */
  calls: {
    exportCsv: () => Promise<Blob>;
    importCsv: (csv: string) => Promise<ImportResult>;
  };
  /** Some links were created: each of these loads again (the list, its tags). */
  reloads: readonly (() => void)[];
}

type Outcome = { result: ImportResult } | { title: string; error: string };

export function LinkCsvActions({ calls, reloads }: LinkCsvActionsProps) {
  const TEXTS = linkCsvTexts();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const download = async () => {
    setBusy('export');
    try {
      saveFile(await calls.exportCsv(), TEXTS.fileName);
    } catch (caught) {
      setOutcome({ title: TEXTS.exportFailedTitle, error: errorMessage(caught, TEXTS.exportFailed) });
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File) => {
    setBusy('import');
    try {
      const result = await calls.importCsv(await file.text());
      setOutcome({ result });
      if (result.created > 0) for (const reload of reloads) reload();
    } catch (caught) {
      setOutcome({ title: TEXTS.importFailedTitle, error: errorMessage(caught, TEXTS.importFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button icon="download" onClick={download} loading={busy === 'export'} disabled={busy !== null}>
        {busy === 'export' ? TEXTS.exporting : TEXTS.exportLabel}
      </Button>
      <Button
        icon="upload"
        onClick={() => fileInput.current?.click()}
        loading={busy === 'import'}
        disabled={busy !== null}
      >
        {busy === 'import' ? TEXTS.importing : TEXTS.importLabel}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        aria-label={TEXTS.chooseFile}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again after fixing it.
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {outcome ? <ImportResultDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </>
  );
}

function ImportResultDialog({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const TEXTS = linkCsvTexts();
  const failed = 'result' in outcome ? outcome.result.failed : [];
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={'result' in outcome ? TEXTS.resultTitle : outcome.title}
      footer={<Button onClick={onClose}>{TEXTS.close}</Button>}
    >
      {'error' in outcome ? (
        <Banner tone="error">{outcome.error}</Banner>
      ) : (
        <div className="stack">
          <p>
            <strong>{TEXTS.created(outcome.result.created)}</strong>{' '}
            {failed.length === 0 ? TEXTS.noneFailed : TEXTS.failed(failed.length)}
          </p>
          {failed.length > 0 ? (
            <RefusedRowsTable
              columns={[
                { label: TEXTS.columns.line, kind: 'number' },
                { label: TEXTS.columns.shortCode, kind: 'code' },
              ]}
              reasonLabel={TEXTS.columns.reason}
              rows={failed.map((row) => ({ key: row.line, names: [row.line, row.short_code], reason: row.error }))}
            />
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
