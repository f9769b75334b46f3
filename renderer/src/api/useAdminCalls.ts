/**
 * The admin calls bound to the signed-in key. Any 401 means the key is no longer good (revoked,
 * expired, or a marker that never had one): the session is cleared and the login page says why.
 */
import { useMemo } from 'react';
import { useAuth } from '../session/AdminSession';
import { useApi } from './ApiProvider';
import type { AdminCalls } from './adminApi';
import { ApiError } from './client';

export function guardUnauthorized<T extends object>(calls: T, onUnauthorized: () => void): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls)) {
    guarded[name] =
      typeof call === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await call(...args);
            } catch (error) {
              if (error instanceof ApiError && error.status === 401) onUnauthorized();
              throw error;
            }
          }
        : call;
  }
  return guarded as T;
}

export function useAdminCalls(): AdminCalls {
  const api = useApi();
  const { apiKey, expire } = useAuth();
  return useMemo(() => guardUnauthorized(api.admin.withKey(apiKey ?? ''), () => expire()), [api, apiKey, expire]);
}
