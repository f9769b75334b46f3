/**
 * createApiClient(baseUrl): the only place that knows how requests are sent. Failures become an
 * ApiError whose message is the server's `error` text, or the spec's network message.
 */
export const NETWORK_ERROR = 'Network error. Please try again.';

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Sent as X-API-Key (administrator). */
  apiKey?: string | null;
  /** Sent as Authorization: Bearer (user). */
  token?: string | null;
  signal?: AbortSignal;
}

export interface HttpClient {
  baseUrl: string;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function createHttpClient(baseUrl: string, fetchImpl: typeof fetch = fetch): HttpClient {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    baseUrl: root,
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const url = new URL(`${root}${path}`, globalThis.location?.href ?? 'http://localhost');
      for (const [key, value] of Object.entries(options.query ?? {})) {
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.apiKey) headers['X-API-Key'] = options.apiKey;
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        throw new ApiError(0, NETWORK_ERROR);
      }
      const text = await response.text().catch(() => '');
      let data: unknown;
      try {
        data = text === '' ? undefined : JSON.parse(text);
      } catch {
        data = undefined;
      }
      if (!response.ok) {
        const message =
          typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string'
            ? (data as { error: string }).error
            : `${response.status} ${response.statusText}`.trim();
        throw new ApiError(response.status, message, data);
      }
      return data as T;
    },
  };
}

/**
 * The one text to show for a failed call: the network message when the server could not be
 * reached, the server's `error` text when it sent one, else (with `orStatus`) the status line,
 * else the screen's own fallback (spec §8).
 */
export function errorMessage(error: unknown, fallback: string, { orStatus = false } = {}): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return NETWORK_ERROR;
    const body = error.body as { error?: unknown } | undefined;
    if (typeof body?.error === 'string' && body.error.trim() !== '') return body.error;
    if (orStatus && error.message) return error.message;
  }
  return fallback;
}
