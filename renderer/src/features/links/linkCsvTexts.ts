/**
 * The words of the links' Export and Import (the dashboard and the admin Links page), read in the
 * language in use when called (catalogue: `links.csv`).
 */
import { catalogueTexts, i18next } from '../../i18n';

/** The entries read as they are, each under its own name. */
const PLAIN =
  'exportLabel exporting exportFailed importLabel importing importFailed chooseFile resultTitle importFailedTitle exportFailedTitle noneFailed';

export function linkCsvTexts() {
  const t = i18next.t;
  return {
    fileName: 'links.csv',
    created: (count: number) => t('links.csv.created', { count }),
    failed: (count: number) => t('links.csv.failed', { count }),
    columns: {
      line: t('links.csv.columns.line'),
      shortCode: t('links.csv.columns.shortCode'),
      reason: t('links.csv.columns.reason'),
    },
    close: t('common.close'),
    ...catalogueTexts('links.csv', PLAIN),
  };
}
