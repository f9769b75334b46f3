/**
 * createApiClient(baseUrl): the only place that knows how requests are sent. Failures become an
 * ApiError whose message is the server's `error` text, or the spec's network message.
 */
import { i18next } from '../i18n';
import { localiseMessage } from '../i18n/messages';

/**
 * The network message in English. Deprecated for comparisons: a failed call's text is in the UI's
 * language (networkErrorText()); test `ApiError.isNetworkError` instead.
 */
export const NETWORK_ERROR = 'Network error. Please try again.';

/** The spec's network message, in the UI's language. */
export function networkErrorText(): string {
  return i18next.t('api.networkError');
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
  /** True when the server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * Who is calling: the administrator (X-API-Key) or a user (Authorization: Bearer), docs/api.md#credentials;
 * a user's calls act in `team` (sent as X-Team, docs/api.md#teams-in-the-ui), else their personal team.
 */
export type Credential = { apiKey: string } | { token: string; team?: string };

/** True for the administrator's credential: the calls whose paths differ by audience pick theirs by it. */
export function isAdmin(credential: Credential): credential is { apiKey: string } {
  return 'apiKey' in credential;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (a CSV file), instead of `body`. */
  content?: { type: string; data: string | Blob };
  query?: Record<string, string | number | undefined>;
  /** Sent as X-API-Key (administrator) or Authorization: Bearer (user). */
  credential?: Credential;
  signal?: AbortSignal;
}

export interface HttpClient {
  baseUrl: string;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The JSON answer with its headers (the admin list's count and page links travel there). */
  requestWithHeaders<T>(path: string, options?: RequestOptions): Promise<{ data: T; headers: Headers }>;
  /** The answer's body as a Blob (a file to save). */
  download(path: string, options?: RequestOptions): Promise<Blob>;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The UI's language as a call tells it, English before one is chosen. */
function uiLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'en';
}

export function createHttpClient(baseUrl: string, fetchImpl: typeof fetch = fetch): HttpClient {
  const root = baseUrl.replace(/\/+$/, '');
  /** The response of a successful call; any other status becomes an ApiError with the server's words. */
  async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
    const url = new URL(`${root}${path}`, globalThis.location?.href ?? 'http://localhost');
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    // The UI's chosen language: mails a call causes are written in it, and it is kept as the
    // account's last one (docs/api.md#languages).
    const headers: Record<string, string> = { Accept: accept, 'Accept-Language': uiLanguage() };
    let body: string | Blob | undefined;
    if (options.content) {
      headers['Content-Type'] = options.content.type;
      body = options.content.data;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const credential = options.credential;
    if (credential && isAdmin(credential)) {
      if (credential.apiKey) headers['X-API-Key'] = credential.apiKey;
    } else if (credential?.token) {
      headers.Authorization = `Bearer ${credential.token}`;
      if (credential.team) headers['X-Team'] = credential.team;
    }
    let response: Response;
    try {
      response = await fetchImpl(url, { method: options.method ?? 'GET', headers, body, signal: options.signal });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, networkErrorText());
    }
    if (response.ok) return response;
    const data = parseJson(await response.text().catch(() => ''));
    const message =
      typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string'
        ? (data as { error: string }).error
        : `${response.status} ${response.statusText}`.trim();
    throw new ApiError(response.status, message, data);
  }

  async function requestWithHeaders<T>(path: string, options: RequestOptions = {}) {
    const response = await send(path, options, 'application/json');
    const data = parseJson(await response.text().catch(() => '')) as T;
    return { data, headers: response.headers };
  }

  return {
    baseUrl: root,
    requestWithHeaders,
    request: async <T>(path: string, options: RequestOptions = {}) => (await requestWithHeaders<T>(path, options)).data,
    download: async (path, options = {}) => (await send(path, options, '*/*')).blob(),
  };
}

/**
 * The one text to show for a failed call: the network message when the server could not be
 * reached, the server's `error` text when it sent one, else (with `orStatus`) the status line,
 * else the screen's own fallback (docs/api.md#pages).
 */
export function errorMessage(error: unknown, fallback: string, { orStatus = false } = {}): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return networkErrorText();
    const body = error.body as { error?: unknown } | undefined;
    if (typeof body?.error === 'string' && body.error.trim() !== '') return localiseMessage(body.error);
    if (orStatus && error.message) return error.message;
  }
  return fallback;
}
