/** The typed API: one object with the user and admin calls, over one HttpClient. */
import { createAdminApi } from './adminApi';
import { createHttpClient } from './client';
import { createKeysApi } from './keysApi';
import { createUserApi } from './userApi';

export function createApiClient(baseUrl: string, fetchImpl?: typeof fetch) {
  const http = createHttpClient(baseUrl, fetchImpl);
  return { http, user: createUserApi(http), admin: createAdminApi(http), keys: createKeysApi(http) };
}

export type ApiClient = ReturnType<typeof createApiClient>;
