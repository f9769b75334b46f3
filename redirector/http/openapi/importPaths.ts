/** The OpenAPI description of imports (docs/api.md#imports): the calls and the job they answer. */
import {
  CSV_MAPPING_FIELDS,
  IMPORT_SOURCES,
  type ImportJob,
  type ImportProblem,
  type ImportProgress,
  type ImportResponse,
  type ImportsResponse,
  MAX_IMPORT_ERRORS,
} from '../../contract/imports';
import { apiCall, query } from './operations';
import { arrayOf, boolean, closedObject, dateTime, id, integer, nullable, ref, type Schema, text } from './schema';

const importId = query('id', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'An import id', true);
const STATES = ['queued', 'running', 'done', 'failed', 'cancelled'];

export const importComponentSchemas: Record<string, Schema> = {
  ImportJob: closedObject<ImportJob>({
    id,
    source: { enum: [...IMPORT_SOURCES] },
    state: { enum: STATES },
    dry_run: boolean,
    links: closedObject<ImportProgress['links']>({
      seen: integer(),
      created: integer('Created, or in a dry run that would be'),
      updated: integer(),
      skipped: integer('Imported before, or refused (the reason in errors)'),
      conflicts: integer('Codes held by another link (listed in errors)'),
    }),
    clicks: closedObject<ImportProgress['clicks']>({ seen: integer(), imported: integer() }),
    errors: {
      ...arrayOf(closedObject<ImportProblem>({ ref: text("The source's id of the row"), message: text() })),
      maxItems: MAX_IMPORT_ERRORS,
    },
    started_at: nullable(dateTime),
    finished_at: nullable(dateTime),
  }),
  ImportResponse: closedObject<ImportResponse>({ import: ref('ImportJob') }),
  ImportsResponse: closedObject<ImportsResponse>({ imports: arrayOf(ref('ImportJob'), 'Newest first, at most 100') }),
};

export const importPaths: Record<string, Schema> = {
  '/api/imports': {
    get: apiCall({
      summary: "The caller's imports (with id: one import and its progress)",
      access: 'either',
      parameters: [{ ...importId, required: false }],
      answers: { 200: { oneOf: [ref('ImportsResponse'), ref('ImportResponse')] } },
      errors: [404],
    }),
    post: apiCall({
      summary: 'Start an import (a job: 202 at once, its progress read with GET ?id=)',
      access: 'either',
      body: {
        json: {
          type: 'object',
          properties: {
            source: { enum: [...IMPORT_SOURCES] },
            connection: {
              type: 'object',
              description:
                'yourls: {database_url: "mysql://user:pass@host:port/db", prefix?}; kutt, shlink: {url, api_key}; ' +
                'bitly: {token, group?, api_url?}. Never stored past the job, never answered or logged',
            },
            options: { type: 'object', properties: { on_conflict: { enum: ['skip', 'suffix'] } } },
            dry_run: boolean,
          },
          required: ['source', 'connection'],
        },
      },
      answers: { 202: ref('ImportResponse') },
      errors: [409],
    }),
    delete: apiCall({
      summary: 'Cancel an import (what is in stays)',
      access: 'either',
      parameters: [importId],
      answers: { 200: ref('ImportResponse') },
      errors: [404, 409],
    }),
  },
  '/api/imports/csv': {
    post: apiCall({
      summary: 'Start an import of a CSV file with a column mapping (a job, as POST /api/imports)',
      access: 'either',
      parameters: [
        query(
          'mapping',
          { type: 'string' },
          `JSON {column: field}, field one of ${CSV_MAPPING_FIELDS.join(', ')}; one column mapped to url`,
          true,
        ),
        query('on_conflict', { enum: ['skip', 'suffix'] }),
        query('dry_run', { enum: ['true', 'false'] }),
      ],
      body: { csv: 'The file, 5 MiB and 10,000 rows at most; its first row names the columns' },
      answers: { 202: ref('ImportResponse') },
      errors: [409],
    }),
  },
};
