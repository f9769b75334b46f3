/**
 * The administrator's calls (docs/api.md#accounts-and-sign-in, #links and #analytics). Every call
 * but the login carries X-API-Key; analytics calls pass the browser's time zone as `tz`. One call per panel.
 */
import type {
  AdminLoginResponse,
  AdminUser,
  DateRange,
  FunnelResponse,
  ImportResult,
  InitResponse,
  Link,
  LinkAnalyticsResponse,
  LinkInput,
  LinkListQuery,
  LinkUpdate,
  LiveResponse,
  RealtimeResponse,
  RepeatVisitorsResponse,
  ServiceConfigResponse,
  SuccessResponse,
  SummaryResponse,
  TagsResponse,
  UserListQuery,
  UsersPage,
} from '../../../redirector/contract';
import { ApiError, type HttpClient } from './client';
import { adminLinksPage, type LinksPage, listQueryParams } from './linksPage';

export type LiveWindowMinutes = 2 | 5 | 10 | 30;

export type AdminLoginResult = { ok: true; apiKey: string } | { ok: false; error: string; status: number };

/** The browser's IANA zone, so hours, weekdays and days match what the administrator sees. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function createAdminApi(http: HttpClient) {
  return {
    /** GET /api/config: the server's PUBLIC_URL, where short links live. */
    publicUrl: async () => (await http.request<ServiceConfigResponse>('/api/config')).public_url,

    /**
     * POST /api/auth?action=admin. Not ok, success not true or a failure → ok false (docs/api.md#pages);
     * the server's session token is the key to keep, falling back to the typed key (docs/api.md#pages).
     */
    async login(key: string): Promise<AdminLoginResult> {
      try {
        const body = await http.request<AdminLoginResponse>('/api/auth', {
          method: 'POST',
          query: { action: 'admin' },
          body: { key },
        });
        if (body?.success !== true) return { ok: false, error: 'Invalid password', status: 200 };
        return { ok: true, apiKey: body.apiKey || key };
      } catch (error) {
        if (error instanceof ApiError) return { ok: false, error: error.message, status: error.status };
        return { ok: false, error: 'Invalid password', status: 0 };
      }
    },

    /** The calls made with a key: the server's admin session token (or the admin key itself). */
    withKey(apiKey: string) {
      const tz = browserTimeZone();
      const get = <T>(path: string, query: Record<string, string | number | undefined> = {}, signal?: AbortSignal) =>
        http.request<T>(path, { apiKey, query, signal });
      return {
        logout: () =>
          http.request<SuccessResponse>('/api/auth', { method: 'POST', query: { action: 'logout' }, apiKey }),
        listLinks: (signal?: AbortSignal) => get<Link[]>('/api/links', {}, signal),
        async linksPage(query: LinkListQuery, signal?: AbortSignal): Promise<LinksPage> {
          const answer = await http.requestWithHeaders<Link[]>('/api/links', {
            apiKey,
            query: listQueryParams(query),
            signal,
          });
          return adminLinksPage(answer.data, answer.headers, query);
        },
        getLink: (id: number | string, signal?: AbortSignal) => get<Link>('/api/links', { id }, signal),
        tags: (signal?: AbortSignal) => get<TagsResponse>('/api/tags', {}, signal),
        exportLinks: () => http.download('/api/links/export', { apiKey }),
        importLinks: (csv: string) =>
          http.request<ImportResult>('/api/links/import', {
            method: 'POST',
            content: { type: 'text/csv', data: csv },
            apiKey,
          }),
        users: (query: UserListQuery, signal?: AbortSignal) => get<UsersPage>('/api/users', { ...query }, signal),
        setUserDisabled: (id: number, disabled: boolean) =>
          http.request<AdminUser>('/api/users', { method: 'PUT', query: { id }, body: { disabled }, apiKey }),
        deleteUser: (id: number) => http.request<void>('/api/users', { method: 'DELETE', query: { id }, apiKey }),
        createLink: (input: LinkInput) => http.request<Link>('/api/links', { method: 'POST', body: input, apiKey }),
        updateLink: (id: number, update: LinkUpdate) =>
          http.request<Link>('/api/links', { method: 'PUT', query: { id }, body: update, apiKey }),
        deleteLink: (id: number) => http.request<void>('/api/links', { method: 'DELETE', query: { id }, apiKey }),
        initDatabase: () => get<InitResponse>('/api/init'),
        /** Without a range, all time (docs/api.md#analytics). */
        linkAnalytics: (id: number | string, range?: DateRange, signal?: AbortSignal) =>
          get<LinkAnalyticsResponse>(`/api/analytics/${encodeURIComponent(String(id))}`, { tz, ...range }, signal),
        /** The link's clicks as CSV, of the range when one is given. */
        linkClicks: (id: number | string, range?: DateRange) =>
          http.download(`/api/analytics/${encodeURIComponent(String(id))}/clicks`, {
            apiKey,
            query: { tz, format: 'csv', ...range },
          }),
        summary: (range?: DateRange, signal?: AbortSignal) =>
          get<SummaryResponse>('/api/analytics/summary', { tz, ...range }, signal),
        realtime: (signal?: AbortSignal) => get<RealtimeResponse>('/api/analytics/realtime', { tz }, signal),
        live: (minutes: LiveWindowMinutes, signal?: AbortSignal) =>
          get<LiveResponse>('/api/analytics/live', { minutes, tz }, signal),
        repeatVisitors: (signal?: AbortSignal) =>
          get<RepeatVisitorsResponse>('/api/analytics/repeat-visitors', { tz }, signal),
        funnel: (signal?: AbortSignal) => get<FunnelResponse>('/api/analytics/funnel', { tz }, signal),
      };
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
export type AdminCalls = ReturnType<AdminApi['withKey']>;
