/**
 * One /api call of the OpenAPI description, built from what the call needs: who may call it, its
 * parameters, its body and its answers. The errors every call of that kind can give are added here
 * once (docs/api.md#rules-for-every-call): 400 for a bad query text on every call, 401 and 429
 * where a credential is checked, 400, 413 and 415 where a body is read.
 */
import { MAX_QUERY_LENGTH } from '../../contract/lists';
import { PER_PAGE } from './components';
import { ref, type Schema } from './schema';

/** Who may call: nobody signed in, the administrator (X-API-Key), a user (Bearer), or either. */
export type Access = 'none' | 'admin' | 'user' | 'either';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

export interface CallDescription {
  summary: string;
  access: Access;
  parameters?: Schema[];
  /** A JSON body (its schema), a CSV one, or an image of these types (read as bytes). */
  body?: { json: Schema; required?: boolean } | { csv: string } | { image: string[] };
  /** Success answers by status: a schema for JSON, or a full response object. */
  answers: Record<number, Schema>;
  /** Errors of this call's own rules (not found, taken, refused, ...). */
  errors?: ErrorStatus[];
}

const ERROR_TEXTS: Record<ErrorStatus, string> = {
  400: 'Invalid input',
  401: 'Missing or wrong credentials',
  403: 'Authenticated but not allowed',
  404: 'Not found (also for another account’s link or key)',
  409: 'Conflict: already taken, or a limit reached',
  413: 'Body too large',
  415: 'Unsupported body type or Content-Encoding',
  429: 'Too many attempts from this client; Retry-After says how long to wait',
};

/** The shared error answers, referred to by every call. */
export const errorResponses: Record<string, Schema> = Object.fromEntries(
  (Object.keys(ERROR_TEXTS) as unknown as ErrorStatus[]).map((status) => [
    `Error${status}`,
    {
      description: ERROR_TEXTS[status],
      ...(Number(status) === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } } } : {}),
      content: { 'application/json': { schema: ref('Error') } },
    },
  ]),
);

const SECURITY: Record<Access, Schema[] | undefined> = {
  none: [],
  admin: [{ adminKey: [] }],
  user: [{ bearer: [] }],
  either: [{ adminKey: [] }, { bearer: [] }],
};

export const json = (schema: Schema, description = 'OK'): Schema => ({
  description,
  content: { 'application/json': { schema } },
});

export const query = (name: string, schema: Schema, description?: string, required = false): Schema => ({
  name,
  in: 'query',
  required,
  schema,
  ...(description ? { description } : {}),
});

/** A list's search text `q`, bounded as every list bounds it (docs/api.md#lists-pages-search-sort-tags). */
export const searchText = (description: string): Schema =>
  query('q', { type: 'string', maxLength: MAX_QUERY_LENGTH }, description);

/** A list's `page` and `per_page`, with the bounds every list shares. */
export const pageParameters = (): Schema[] => [
  query('page', { type: 'integer', minimum: 1, default: 1 }),
  query('per_page', PER_PAGE),
];

/** The administrator's GET of one page of a searched list (users, hubs): `q`, `page`, `per_page`. */
export const searchedPage = (summary: string, searched: string, answer: string): Schema =>
  apiCall({
    summary,
    access: 'admin',
    parameters: [searchText(searched), ...pageParameters()],
    answers: { 200: ref(answer) },
  });

/** The answer of a call that removes its thing and says nothing more. */
export const deleted: Schema = { description: 'Deleted' };

/** The DELETE of one thing named by `parameter` (its id): 204 when it is gone. */
export const deleteById = (summary: string, access: Access, parameter: Schema, errors: ErrorStatus[]): Schema =>
  apiCall({ summary, access, parameters: [parameter], answers: { 204: deleted }, errors });

/** The OpenAPI operation object of one call. */
export function apiCall(call: CallDescription): Schema {
  const errors = new Set<ErrorStatus>([400, ...(call.errors ?? [])]);
  if (call.access !== 'none') for (const status of [401, 429] as const) errors.add(status);
  if (call.body) for (const status of [413, 415] as const) errors.add(status);
  const responses: Record<string, Schema> = {};
  for (const [status, answer] of Object.entries(call.answers)) {
    responses[status] = 'description' in answer ? answer : json(answer);
  }
  for (const status of [...errors].sort()) responses[status] = { $ref: `#/components/responses/Error${status}` };
  return {
    summary: call.summary,
    security: SECURITY[call.access],
    ...(call.parameters ? { parameters: call.parameters } : {}),
    ...(call.body ? { requestBody: requestBody(call.body) } : {}),
    responses,
  };
}

function requestBody(body: NonNullable<CallDescription['body']>): Schema {
  if ('image' in body) {
    const content = Object.fromEntries(body.image.map((type) => [type, { schema: { type: 'string' } }]));
    return { required: true, description: 'The image itself, recognised by its bytes', content };
  }
  if ('csv' in body) {
    return { required: true, description: body.csv, content: { 'text/csv': { schema: { type: 'string' } } } };
  }
  return {
    required: body.required ?? true,
    description: 'Parsed as JSON whatever its Content-Type; 64 KiB at most',
    content: { 'application/json': { schema: body.json } },
  };
}
