/**
 * Imports from other link shorteners (docs/api.md#imports): make a job (a source's connection as
 * JSON, or a CSV file with its mapping), read it, list the caller's jobs, cancel one. The same calls
 * for a user and the administrator.
 */
import type {
  CsvMappingField,
  ImportJob,
  ImportResponse,
  ImportSource,
  ImportsResponse,
  OnConflict,
} from '../../../redirector/contract/imports';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';

export interface ImportStart {
  dryRun: boolean;
  onConflict: OnConflict;
}

export function importCalls(http: HttpClient, credential: Credential) {
  return {
    async list(signal?: AbortSignal): Promise<ImportJob[]> {
      return (await http.request<ImportsResponse>('/api/imports', { credential, signal })).imports;
    },
    async get(id: number, signal?: AbortSignal): Promise<ImportJob> {
      return (await http.request<ImportResponse>('/api/imports', { credential, query: { id }, signal })).import;
    },
    /** A job reading a source's API or database; the connection travels once, in this body. */
    async start(source: Exclude<ImportSource, 'csv'>, connection: Record<string, string>, how: ImportStart) {
      const body = { source, connection, options: { on_conflict: how.onConflict }, dry_run: how.dryRun };
      return (await http.request<ImportResponse>('/api/imports', { method: 'POST', credential, body })).import;
    },
    /** A job reading a CSV file (the body) with its column mapping. */
    async startCsv(csv: string, mapping: Record<string, CsvMappingField>, how: ImportStart): Promise<ImportJob> {
      const query = { mapping: JSON.stringify(mapping), on_conflict: how.onConflict, dry_run: String(how.dryRun) };
      const options = { method: 'POST' as const, credential, query, content: { type: 'text/csv', data: csv } };
      return (await http.request<ImportResponse>('/api/imports/csv', options)).import;
    },
    async cancel(id: number): Promise<ImportJob> {
      return (await http.request<ImportResponse>('/api/imports', { method: 'DELETE', credential, query: { id } }))
        .import;
    },
  };
}

export type ImportCalls = ReturnType<typeof importCalls>;

export function useImportCalls(): ImportCalls {
  return useCalls(importCalls);
}
