/**
 * The OpenAPI 3.1 description of every /api call (docs/api.md#openapi), assembled from the areas
 * beside this file. To describe a new call, add it to its area's paths; a new answer field, to its
 * component schema. tests/integration/redirector/http/openapi.test.ts fails until both are done.
 */
import { accountPaths } from './accountPaths';
import { analyticsPaths } from './analyticsPaths';
import { auditComponentSchemas, auditPaths } from './auditPaths';
import { componentSchemas } from './components';
import { eventComponentSchemas, eventPaths } from './eventPaths';
import { hubComponentSchemas, hubPaths } from './hubPaths';
import { importComponentSchemas, importPaths } from './importPaths';
import { linkBulkSchemas, linkPaths } from './linkPaths';
import { errorResponses } from './operations';
import type { Schema } from './schema';
import { selfServicePaths, selfServiceSchemas } from './selfServicePaths';
import { shareComponentSchemas, sharePaths } from './sharePaths';
import { ssoPaths, ssoSchemas } from './ssoPaths';
import { teamComponentSchemas, teamPaths } from './teamPaths';

export function openApiDocument(publicUrl: string): Schema {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Me link shortener API',
      version: '1',
      description:
        'Every answer under /api is JSON (errors are {"error": "…"} with a 4xx status) unless said otherwise, ' +
        'and carries Cache-Control: no-store. The reference in prose is docs/api.md.',
    },
    servers: [{ url: publicUrl }],
    paths: {
      ...accountPaths,
      ...selfServicePaths,
      ...linkPaths,
      ...analyticsPaths,
      ...hubPaths,
      ...eventPaths,
      ...ssoPaths,
      ...importPaths,
      ...teamPaths,
      ...auditPaths,
      ...sharePaths,
    },
    components: {
      securitySchemes: {
        adminKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'The admin key, an admin session token, or an admin API key',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'A user session token or a user API key' },
      },
      schemas: {
        ...componentSchemas,
        ...hubComponentSchemas,
        ...eventComponentSchemas,
        ...selfServiceSchemas,
        ...ssoSchemas,
        ...importComponentSchemas,
        ...teamComponentSchemas,
        ...auditComponentSchemas,
        ...shareComponentSchemas,
        ...linkBulkSchemas,
      },
      responses: errorResponses,
    },
  };
}
