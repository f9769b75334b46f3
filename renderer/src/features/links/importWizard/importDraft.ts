/**
 * What the import wizard holds before a job starts (docs/api.md#imports): the source, its
 * connection as typed, or the CSV file with its mapping, and what a taken code does. Held in the
 * wizard's memory only: never in the address, never in the browser's storage, and dropped once the
 * import starts.
 */
import {
  type CsvPreview,
  csvMappingOf,
  proposeCsvMapping,
  readCsvPreview,
} from '../../../../../redirector/contract/csvPreview';
import type { CsvMappingField, ImportJob, ImportSource, OnConflict } from '../../../../../redirector/contract/imports';

export type ApiSource = Exclude<ImportSource, 'csv'>;

export interface ConnectionField {
  /** The key of `connection` (docs/api.md#post-apiimports-user-or-administrator). */
  name: 'database_url' | 'prefix' | 'url' | 'api_key' | 'token' | 'group' | 'api_url';
  /** A password, key or token: typed into a password box, never shown back. */
  secret?: boolean;
  optional?: boolean;
  placeholder: string;
}

export const CONNECTION_FIELDS: Record<ApiSource, ConnectionField[]> = {
  yourls: [
    { name: 'database_url', secret: true, placeholder: 'mysql://user:password@host:3306/yourls' },
    { name: 'prefix', optional: true, placeholder: 'yourls_' },
  ],
  kutt: [
    { name: 'url', placeholder: 'https://kutt.example.com' },
    { name: 'api_key', secret: true, placeholder: '' },
  ],
  shlink: [
    { name: 'url', placeholder: 'https://s.example.com' },
    { name: 'api_key', secret: true, placeholder: '' },
  ],
  bitly: [
    { name: 'token', secret: true, placeholder: '' },
    { name: 'group', optional: true, placeholder: 'Bg…' },
    { name: 'api_url', optional: true, placeholder: 'https://api-ssl.bitly.com' },
  ],
};

export interface CsvDraft {
  name: string;
  text: string;
  preview: CsvPreview;
  /** The field each column maps onto, by the column's place; null: left out. */
  fields: (CsvMappingField | null)[];
}

export interface ImportDraft {
  source: ImportSource;
  connection: Record<string, string>;
  csv: CsvDraft | null;
  onConflict: OnConflict;
}

export const emptyDraft = (source: ImportSource): ImportDraft => ({
  source,
  connection: {},
  csv: null,
  onConflict: 'skip',
});

export function csvDraft(name: string, text: string): CsvDraft {
  const preview = readCsvPreview(text);
  return { name, text, preview, fields: proposeCsvMapping(preview.columns) };
}

/** The connection as sent: the fields typed, optional ones left out when empty. */
export function connectionOf(draft: ImportDraft): Record<string, string> {
  if (draft.source === 'csv') return {};
  const sent: Record<string, string> = {};
  for (const field of CONNECTION_FIELDS[draft.source]) {
    const value = (draft.connection[field.name] ?? '').trim();
    if (value !== '') sent[field.name] = value;
  }
  return sent;
}

export const csvMapping = (csv: CsvDraft) => csvMappingOf(csv.preview.columns, csv.fields);

/** What still stops the job from being sent: a required field empty, no file, no column on url. */
export function missingPart(draft: ImportDraft): 'file' | 'url' | 'field' | null {
  if (draft.source === 'csv') {
    if (!draft.csv) return 'file';
    return draft.csv.fields.includes('url') || draft.csv.fields.includes('target_url') ? null : 'url';
  }
  const sent = connectionOf(draft);
  return CONNECTION_FIELDS[draft.source].every((field) => field.optional || sent[field.name]) ? null : 'field';
}

export const ENDED_STATES: ReadonlySet<ImportJob['state']> = new Set(['done', 'failed', 'cancelled']);

/**
 * How many links a running job will read, when known: a job started from a dry run's summary
 * expects what the dry run read; after a reload, the dry run is the caller's job just before it.
 */
export function expectedLinks(job: ImportJob, older: ImportJob | undefined): number | undefined {
  if (!older || job.dry_run || !older.dry_run || older.state !== 'done' || older.source !== job.source)
    return undefined;
  return older.links.seen;
}
