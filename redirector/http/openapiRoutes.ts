/** GET /api/openapi.json (no credentials): the description of every /api call (docs/api.md#openapi). */
import Router from '@koa/router';
import type { Services } from '../services';
import { openApiDocument } from './openapi/document';

export function createOpenApiRouter(services: Pick<Services, 'config'>): Router {
  const document = openApiDocument(services.config.publicUrl);
  const router = new Router();
  router.get('/openapi.json', (ctx) => {
    ctx.body = document;
  });
  return router;
}
