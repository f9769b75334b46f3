/** Link calls of the OpenAPI description (docs/api.md#links): CRUD, lists, tags, CSV export and import. */
import {
  BULK_ACTIONS,
  BULK_FILTER_FIELDS,
  type BulkBody,
  type BulkResult,
  MAX_BULK_IDS,
} from '../../contract/linkBulk';
import { LINK_HEALTH_STATUSES } from '../../contract/linkConversion';
import { ARCHIVED_FILTERS } from '../../contract/lists';
import { LINK_SORT } from './components';
import { apiCall, type CallDescription, deleted, pageParameters, query, searchText } from './operations';
import { arrayOf, closedObject, id, integer, nullable, ref, requestObject, type Schema, text } from './schema';

const linkId = (name: 'id' | 'linkId', required: boolean) =>
  query(name, { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'A link id', required);

/** A call on one existing link named by its id (id for the administrator, linkId for a user). */
const onOneLink = (access: 'admin' | 'user', call: Pick<CallDescription, 'summary' | 'body' | 'answers'>) =>
  apiCall({ ...call, access, parameters: [linkId(access === 'admin' ? 'id' : 'linkId', true)], errors: [404] });

/** The list parameters both link lists take (docs/api.md#links). */
const listParameters: Schema[] = [
  searchText('Case-insensitive substring of short_code, title or target_url'),
  query('tag', { type: 'string' }, 'Only links carrying this tag'),
  query('archived', { type: 'string', enum: [...ARCHIVED_FILTERS] }, 'Archived links: only them, or all; default none'),
  query('sort', LINK_SORT),
  query('order', { type: 'string', enum: ['asc', 'desc'] }, 'Default desc for created_at and clicks, asc otherwise'),
  ...pageParameters(),
  query('health', { type: 'string', enum: [...LINK_HEALTH_STATUSES] }, 'Only links whose health has this status'),
  query('created_by', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, 'Only links this user made (a user id)'),
];

const csvExport: Schema = {
  description: 'RFC 4180 CSV with a header row (docs/api.md#import-and-export)',
  headers: { 'Content-Disposition': { schema: { const: 'attachment; filename="links.csv"' } } },
  content: { 'text/csv': { schema: { type: 'string' } } },
};
const csvImport = 'CSV with a header row, 5 MiB and 10,000 rows at most; target_url the only required column';
const csvExportCall = (summary: string, access: 'admin' | 'user') =>
  apiCall({ summary, access, answers: { 200: csvExport } });
const csvImportCall = (summary: string, access: 'admin' | 'user', errors: CallDescription['errors'] = []) =>
  apiCall({ summary, access, body: { csv: csvImport }, answers: { 200: ref('ImportResult') }, errors });

/** The bulk call's body and answer (docs/api.md#bulk-changes). */
export const linkBulkSchemas: Record<string, Schema> = {
  BulkBody: requestObject<BulkBody>(
    {
      ids: { ...arrayOf(id, 'The links, by id (or filter)'), minItems: 1, maxItems: MAX_BULK_IDS },
      filter: {
        type: 'object',
        description: 'The links a list with these filters shows (archived ones only when archived says so)',
        properties: {
          ...Object.fromEntries(BULK_FILTER_FIELDS.map((name) => [name, { type: ['string', 'integer'] }])),
          archived: { type: 'string', enum: [...ARCHIVED_FILTERS] },
          health: { type: 'string', enum: [...LINK_HEALTH_STATUSES] },
        },
        additionalProperties: false,
      },
      action: { type: 'string', enum: [...BULK_ACTIONS] },
      tags: arrayOf(text(), 'tag and untag: the tags to add or remove'),
      team: {
        type: ['string', 'integer'],
        description:
          'move: the team to move the links to (an id or a slug); the caller must be able to change links there',
      },
      domain: nullable(
        text(
          'move: the domain to move the links to; null: the default domain (with team: left out, each keeps its own)',
        ),
      ),
    },
    ['action'],
  ),
  BulkResult: closedObject<BulkResult>({
    done: integer('The links changed'),
    failed: arrayOf(closedObject<BulkResult['failed'][number]>({ id, error: text() })),
  }),
};

export const linkPaths: Record<string, Record<string, Schema>> = {
  '/api/links': {
    get: apiCall({
      summary: 'One link (with id), or one page of every link, newest first',
      access: 'admin',
      parameters: [linkId('id', false), ...listParameters],
      answers: {
        200: {
          description: 'With id: the link. Without: one page as an array',
          headers: {
            'X-Total-Count': {
              description: 'Links matching the filters (lists only)',
              schema: { type: 'integer', minimum: 0 },
            },
            Link: {
              description: 'RFC 8288 rel="next" and rel="prev" (lists with more pages)',
              schema: { type: 'string' },
            },
          },
          content: { 'application/json': { schema: { oneOf: [ref('Link'), arrayOf(ref('Link'))] } } },
        },
      },
      errors: [404],
    }),
    post: apiCall({
      summary: 'Create a link (no owner)',
      access: 'admin',
      body: { json: ref('LinkInput') },
      answers: { 201: ref('Link') },
      errors: [409],
    }),
    put: onOneLink('admin', {
      summary: 'Change a link',
      body: { json: ref('LinkUpdate') },
      answers: { 200: ref('Link') },
    }),
    delete: onOneLink('admin', {
      summary: 'Delete a link and its clicks',
      answers: { 204: deleted },
    }),
  },
  '/api/init': {
    get: apiCall({ summary: 'Create a test link', access: 'admin', answers: { 201: ref('InitResponse') } }),
  },
  '/api/links/user': {
    get: apiCall({
      summary: 'One own link (with linkId), or one page of own links',
      access: 'user',
      parameters: [linkId('linkId', false), ...listParameters],
      answers: { 200: { oneOf: [ref('UserLinkResponse'), ref('UserLinksPage')] } },
      errors: [404],
    }),
  },
  '/api/links/create': {
    post: apiCall({
      summary: 'Create an own link',
      access: 'user',
      body: { json: ref('LinkInput') },
      answers: { 201: ref('UserLinkResponse') },
      errors: [403, 409],
    }),
  },
  '/api/links/update': {
    put: onOneLink('user', {
      summary: 'Change an own link',
      body: { json: ref('LinkUpdate') },
      answers: { 200: ref('UserLinkResponse') },
    }),
  },
  '/api/links/delete': {
    delete: onOneLink('user', { summary: 'Delete an own link and its clicks', answers: { 200: ref('Success') } }),
  },
  '/api/tags': {
    get: apiCall({
      summary: 'Tags with their link counts: all links (X-API-Key) or own links (Bearer)',
      access: 'either',
      answers: { 200: ref('TagsResponse') },
    }),
  },
  '/api/links/health': {
    get: apiCall({
      summary: 'Links per health status: all links (X-API-Key) or own links (Bearer)',
      access: 'either',
      answers: { 200: ref('LinkHealthCounts') },
    }),
  },
  '/api/links/check': {
    post: apiCall({
      summary: "Check a link's destinations now and answer the link (once a minute per link)",
      access: 'either',
      parameters: [linkId('id', true)],
      answers: { 200: ref('Link') },
      errors: [404],
    }),
  },
  '/api/links/bulk': {
    post: apiCall({
      summary: 'Change many links at once: by ids or by a list filter, each as a single change would',
      access: 'either',
      body: { json: ref('BulkBody') },
      answers: { 200: ref('BulkResult') },
      errors: [403, 404],
    }),
  },
  '/api/links/export': { get: csvExportCall('Every link as CSV', 'admin') },
  '/api/links/user/export': { get: csvExportCall('Own links as CSV', 'user') },
  '/api/links/import': {
    post: csvImportCall('Create links from CSV (no owner); bad rows are reported, not created', 'admin'),
  },
  '/api/links/user/import': {
    post: csvImportCall('Create own links from CSV; bad rows are reported, not created', 'user', [403]),
  },
};
