// STUB: replaced by the work that owns these calls.
import Router from '@koa/router';
import type { Services } from '../services';

export function createAnalyticsRouter(_services: Services): Router {
  return new Router();
}
