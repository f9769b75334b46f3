/**
 * The account and user calls (docs/api.md#accounts-and-sign-in, #links and #analytics). User
 * calls carry the session token as a bearer credential; analytics passes the browser's time zone as `tz`.
 */
import type {
  DateRange,
  DomainResponse,
  DomainSetResponse,
  ImportResult,
  Link,
  LinkInput,
  LinkListQuery,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  ServiceConfigResponse,
  SuccessResponse,
  TagsResponse,
  UserLinkAnalyticsResponse,
  UserLinkResponse,
  UserLinksPage,
  UserLinksResponse,
} from '../../../redirector/contract';
import type { HttpClient } from './client';
import { type LinksPage, listQueryParams, userLinksPage } from './linksPage';

export function createUserApi(http: HttpClient) {
  return {
    /** GET /api/config (no credentials): PUBLIC_URL and whether registration is open. */
    serviceConfig: (signal?: AbortSignal) => http.request<ServiceConfigResponse>('/api/config', { signal }),

    register: (body: RegisterRequest) =>
      http.request<RegisterResponse>('/api/auth', { method: 'POST', query: { action: 'register' }, body }),

    login: (body: LoginRequest) =>
      http.request<LoginResponse>('/api/auth', { method: 'POST', query: { action: 'login' }, body }),

    /** Revokes the token on the server (docs/api.md#accounts-and-sign-in). */
    logout: (token: string) =>
      http.request<SuccessResponse>('/api/auth', { method: 'POST', query: { action: 'logout' }, token }),

    async listLinks(token: string, signal?: AbortSignal): Promise<Link[]> {
      const body = await http.request<UserLinksResponse>('/api/links/user', { token, signal });
      return body.links;
    },

    async linksPage(token: string, query: LinkListQuery, signal?: AbortSignal): Promise<LinksPage> {
      const answer = await http.request<UserLinksPage>('/api/links/user', {
        token,
        query: listQueryParams(query),
        signal,
      });
      return userLinksPage(answer);
    },

    tags: (token: string, signal?: AbortSignal) => http.request<TagsResponse>('/api/tags', { token, signal }),

    exportLinks: (token: string) => http.download('/api/links/user/export', { token }),

    importLinks: (token: string, csv: string) =>
      http.request<ImportResult>('/api/links/user/import', {
        method: 'POST',
        token,
        content: { type: 'text/csv', data: csv },
      }),

    async createLink(token: string, input: LinkInput): Promise<Link> {
      const body = await http.request<UserLinkResponse>('/api/links/create', { method: 'POST', token, body: input });
      return body.link;
    },

    async updateLink(token: string, linkId: number, input: LinkInput): Promise<Link> {
      const body = await http.request<UserLinkResponse>('/api/links/update', {
        method: 'PUT',
        token,
        query: { linkId },
        body: input,
      });
      return body.link;
    },

    deleteLink: (token: string, linkId: number) =>
      http.request<SuccessResponse>('/api/links/delete', { method: 'DELETE', token, query: { linkId } }),

    /** Without a range, all time (docs/api.md#analytics). */
    linkAnalytics: (token: string, linkId: number, tz?: string, range?: DateRange, signal?: AbortSignal) =>
      http.request<UserLinkAnalyticsResponse>('/api/analytics/user', {
        token,
        query: { linkId, tz, ...range },
        signal,
      }),

    /** One of the user's links' clicks as CSV, of the range when one is given. */
    linkClicks: (token: string, linkId: number, tz?: string, range?: DateRange) =>
      http.download('/api/analytics/user/clicks', { token, query: { linkId, tz, format: 'csv', ...range } }),

    getDomain: (token: string, signal?: AbortSignal) =>
      http.request<DomainResponse>('/api/user/domain', { token, signal }),

    async setDomain(token: string, domain: string): Promise<string> {
      const body = await http.request<DomainSetResponse>('/api/user/domain', {
        method: 'POST',
        token,
        body: { domain },
      });
      return body.domain;
    },

    removeDomain: (token: string) => http.request<SuccessResponse>('/api/user/domain', { method: 'DELETE', token }),
  };
}

export type UserApi = ReturnType<typeof createUserApi>;

/** The calls made with a session token, bound to it. */
export function userCallsWithToken(user: UserApi, token: string) {
  return {
    logout: () => user.logout(token),
    listLinks: (signal?: AbortSignal) => user.listLinks(token, signal),
    linksPage: (query: LinkListQuery, signal?: AbortSignal) => user.linksPage(token, query, signal),
    tags: (signal?: AbortSignal) => user.tags(token, signal),
    exportLinks: () => user.exportLinks(token),
    importLinks: (csv: string) => user.importLinks(token, csv),
    createLink: (input: LinkInput) => user.createLink(token, input),
    updateLink: (linkId: number, input: LinkInput) => user.updateLink(token, linkId, input),
    deleteLink: (linkId: number) => user.deleteLink(token, linkId),
    linkAnalytics: (linkId: number, tz?: string, range?: DateRange, signal?: AbortSignal) =>
      user.linkAnalytics(token, linkId, tz, range, signal),
    linkClicks: (linkId: number, tz?: string, range?: DateRange) => user.linkClicks(token, linkId, tz, range),
    getDomain: (signal?: AbortSignal) => user.getDomain(token, signal),
    setDomain: (domain: string) => user.setDomain(token, domain),
    removeDomain: () => user.removeDomain(token),
  };
}

export type UserCalls = ReturnType<typeof userCallsWithToken>;
