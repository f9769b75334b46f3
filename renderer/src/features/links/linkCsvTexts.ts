/** The words of the links' Export and Import (the dashboard and the admin Links page). */
export const LINK_CSV_TEXTS = {
  exportLabel: 'Export',
  exporting: 'Exporting...',
  exportFailed: 'Failed to export links',
  fileName: 'links.csv',
  importLabel: 'Import',
  importing: 'Importing...',
  importFailed: 'Failed to import links',
  chooseFile: 'CSV file to import',
  resultTitle: 'Import finished',
  importFailedTitle: 'Import failed',
  exportFailedTitle: 'Export failed',
  created: (count: number) => `${count} ${count === 1 ? 'link' : 'links'} created.`,
  failed: (count: number) => `${count} ${count === 1 ? 'row was' : 'rows were'} not imported:`,
  noneFailed: 'Every row was imported.',
  columns: { line: 'Line', shortCode: 'Short code', reason: 'Reason' },
  close: 'Close',
};
