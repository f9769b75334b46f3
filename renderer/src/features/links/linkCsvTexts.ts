/**
 * The words of the links' Export and Import (the dashboard and the admin Links page), read in the
 * language in use when called (catalogue: `links.csv`).
 */
import { i18next } from '../../i18n';

export function linkCsvTexts() {
  const t = i18next.t;
  return {
    exportLabel: t('links.csv.exportLabel'),
    exporting: t('links.csv.exporting'),
    exportFailed: t('links.csv.exportFailed'),
    fileName: 'links.csv',
    importLabel: t('links.csv.importLabel'),
    importing: t('links.csv.importing'),
    importFailed: t('links.csv.importFailed'),
    chooseFile: t('links.csv.chooseFile'),
    resultTitle: t('links.csv.resultTitle'),
    importFailedTitle: t('links.csv.importFailedTitle'),
    exportFailedTitle: t('links.csv.exportFailedTitle'),
    created: (count: number) => t('links.csv.created', { count }),
    failed: (count: number) => t('links.csv.failed', { count }),
    noneFailed: t('links.csv.noneFailed'),
    columns: {
      line: t('links.csv.columns.line'),
      shortCode: t('links.csv.columns.shortCode'),
      reason: t('links.csv.columns.reason'),
    },
    close: t('common.close'),
  };
}
