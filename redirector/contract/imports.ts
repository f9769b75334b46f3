/** Imports from other link shorteners (docs/api.md#imports): the job as the API answers it. Pure. */

import { IGNORED_IMPORT_COLUMNS, LINK_CSV_COLUMNS, type LinkCsvColumn } from './lists';

export const IMPORT_SOURCES = ['yourls', 'kutt', 'shlink', 'bitly', 'csv'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export type ImportState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** What a job has read and done so far. */
export interface ImportProgress {
  links: { seen: number; created: number; updated: number; skipped: number; conflicts: number };
  clicks: { seen: number; imported: number };
}

/** One row the job could not take as it is: the source's id of it and why. */
export interface ImportProblem {
  ref: string;
  message: string;
}

export interface ImportJob extends ImportProgress {
  id: number;
  source: ImportSource;
  state: ImportState;
  dry_run: boolean;
  /** The first MAX_IMPORT_ERRORS problems, conflicts included. */
  errors: ImportProblem[];
  /** ISO 8601 UTC; null while queued. */
  started_at: string | null;
  finished_at: string | null;
}

export type OnConflict = 'skip' | 'suffix';

export interface ImportOptions {
  /** A short code taken by another link: leave the row out (skip) or take `<code>-2`, `-3`, … (suffix). */
  on_conflict: OnConflict;
  /** A CSV import's columns onto link fields, `{column: field}` (CSV_MAPPING_FIELDS); other sources: none. */
  mapping?: Record<string, CsvMappingField>;
}

/**
 * The link fields a CSV import's columns may be mapped onto (docs/api.md#csv-imports): the link
 * export's columns an import reads, `created_at`, and `url` (the same as `target_url`).
 */
export const CSV_MAPPING_FIELDS = [
  'url',
  ...LINK_CSV_COLUMNS.filter(
    (column): column is Exclude<LinkCsvColumn, Exclude<(typeof IGNORED_IMPORT_COLUMNS)[number], 'created_at'>> =>
      column === 'created_at' || !(IGNORED_IMPORT_COLUMNS as readonly string[]).includes(column),
  ),
] as const;
export type CsvMappingField = (typeof CSV_MAPPING_FIELDS)[number];
/** The rows a CSV import's wizard shows to map. */
export const CSV_PREVIEW_ROWS = 20;

export const MAX_IMPORT_ERRORS = 100;
export const IMPORT_RUNNING = 'An import is already queued or running; cancel it or wait until it ends';
export const IMPORT_NOT_FOUND = 'Import not found';

export const emptyProgress = (): ImportProgress => ({
  links: { seen: 0, created: 0, updated: 0, skipped: 0, conflicts: 0 },
  clicks: { seen: 0, imported: 0 },
});

export interface ImportResponse {
  import: ImportJob;
}

export interface ImportsResponse {
  imports: ImportJob[];
}
