/**
 * The bar above an analytics view: the date range and, on a link's view, Export CSV of the link's
 * clicks in that range (`clicks-<shortCode>.csv`).
 */
import { useTranslation } from 'react-i18next';
import { useBusyCall } from '../../api/useBusyCall';
import { Button } from '../../components/Button';
import { FormAlert } from '../../components/Field';
import { saveFile } from '../../components/saveFile';
import { CLICK_EXPORT_FILE } from './analyticsTexts';
import { DateRangeControl } from './DateRangeControl';
import type { useDateRange } from './useDateRange';

export interface ClickExport {
  shortCode: string;
  /** The clicks of the current range as a CSV file. */
  download: () => Promise<Blob>;
}

export function AnalyticsRangeBar({
  dateRange,
  clickExport,
}: {
  dateRange: ReturnType<typeof useDateRange>;
  clickExport?: ClickExport;
}) {
  return (
    <div className="analytics-toolbar">
      {clickExport ? <ExportClicksButton {...clickExport} /> : <span />}
      <DateRangeControl choice={dateRange.choice} range={dateRange.range} onChange={dateRange.select} />
    </div>
  );
}

function ExportClicksButton({ shortCode, download }: ClickExport) {
  const { t } = useTranslation();
  const { busy, error, run } = useBusyCall(t('analytics.export.failed'));
  const save = () => run(async () => saveFile(await download(), CLICK_EXPORT_FILE(shortCode)));
  return (
    <div className="stack stack--sm">
      <Button icon="download" onClick={save} loading={busy} disabled={busy}>
        {busy ? t('analytics.export.exporting') : t('analytics.export.label')}
      </Button>
      <FormAlert message={error} />
    </div>
  );
}
