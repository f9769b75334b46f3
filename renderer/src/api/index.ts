/** The page's API client: one HttpClient; each resource module (links.ts, analytics.ts…) makes its calls over it. */
import { createHttpClient } from './client';

export function createApiClient(baseUrl: string, fetchImpl?: typeof fetch) {
  return { http: createHttpClient(baseUrl, fetchImpl) };
}

export type ApiClient = ReturnType<typeof createApiClient>;
